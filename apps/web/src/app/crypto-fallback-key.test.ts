// @vitest-environment node
import { fallbackPublicKeyPem } from '@prosa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { encryptSecret } from './crypto';

describe('the fallback key built into the bundle', () => {
  it('is an RSA-OAEP public key the browser can encrypt with', async () => {
    expect(fallbackPublicKeyPem).toContain('BEGIN PUBLIC KEY');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const cipher = await encryptSecret('password');
    // RSA-2048 ciphertext is 256 bytes: 344 base64 characters.
    expect(cipher).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    vi.unstubAllGlobals();
  });
});
