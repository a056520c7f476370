// @vitest-environment node
// NOTE: the test DOM swaps in its own ArrayBuffer, which Node's WebCrypto refuses; browsers have one realm.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptSecret, publicKeyUrl } from './crypto';

vi.mock('@prosa/contracts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@prosa/contracts')>();
  return {
    ...original,
    get fallbackPublicKeyPem() {
      return fallbackKeys.pem;
    },
  };
});

/** Key pairs made in the test: one plays the server's key, one the fallback built into the bundle. */
const fallbackKeys = vi.hoisted(() => ({ pem: '' }));

const toPem = (der: ArrayBuffer): string => {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
};

const makeKeyPair = async (): Promise<{ pem: string; privateKey: CryptoKey }> => {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return { pem: toPem(await crypto.subtle.exportKey('spki', pair.publicKey)), privateKey: pair.privateKey };
};

const decrypt = async (privateKey: CryptoKey, base64: string): Promise<string> => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes));
};

const fallback = await makeKeyPair();
fallbackKeys.pem = fallback.pem;
const server = await makeKeyPair();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('encryptSecret', () => {
  it('encrypts with the key the server publishes', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ key: server.pem }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    const cipher = await encryptSecret('s3cret!');

    expect(fetchMock).toHaveBeenCalledWith(publicKeyUrl, expect.anything());
    expect(await decrypt(server.privateKey, cipher)).toBe('s3cret!');
    await expect(decrypt(fallback.privateKey, cipher)).rejects.toThrow();
  });

  it('falls back to the built-in key when the server key cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );

    const cipher = await encryptSecret('s3cret!');

    expect(await decrypt(fallback.privateKey, cipher)).toBe('s3cret!');
  });

  it('falls back when the server answers with an error or a malformed body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    expect(await decrypt(fallback.privateKey, await encryptSecret('a'))).toBe('a');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ key: 'nonsense' }), { status: 200 })),
    );
    expect(await decrypt(fallback.privateKey, await encryptSecret('b'))).toBe('b');
  });
});
