import { describe, expect, it } from 'vitest';
import { createSecrets } from './secrets.js';

describe('connection secrets', () => {
  const secrets = createSecrets('a'.repeat(40));

  it('seal and open back, with a fresh IV each time', () => {
    const sealed = secrets.seal('EAAG-token-de-acesso');
    expect(sealed).not.toContain('EAAG');
    expect(secrets.seal('EAAG-token-de-acesso')).not.toBe(sealed);
    expect(secrets.open(sealed)).toBe('EAAG-token-de-acesso');
  });

  it('refuse a value sealed under another key, tampered with, or not sealed at all', () => {
    const sealed = secrets.seal('segredo');
    expect(createSecrets('b'.repeat(40)).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('outro').toString('base64url');
    expect(secrets.open(parts.join('.'))).toBeNull();
    expect(secrets.open('texto puro')).toBeNull();
  });
});
