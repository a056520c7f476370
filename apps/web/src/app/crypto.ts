import { fallbackPublicKeyPem } from '@prosa/contracts';

/** Where the server publishes its login-encryption key (spec 5 and 7). */
export const publicKeyUrl = '/publicEncryptionKey';

const pemToDer = (pem: string): ArrayBuffer => {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toBase64 = (buffer: ArrayBuffer): string => {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const importPublicKey = (pem: string): Promise<CryptoKey> =>
  crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);

const fetchServerKeyPem = async (): Promise<string> => {
  const response = await fetch(publicKeyUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`public key: HTTP ${response.status}`);
  const body: unknown = await response.json();
  const key = body && typeof body === 'object' && 'key' in body ? body.key : null;
  if (typeof key !== 'string' || !key.includes('PUBLIC KEY')) throw new Error('public key: malformed response');
  return key;
};

/** The server's key, or the fallback key built into the bundle when it cannot be fetched or read. */
const loadKey = async (): Promise<CryptoKey> => {
  try {
    return await importPublicKey(await fetchServerKeyPem());
  } catch (error) {
    console.debug('[crypto] using the fallback public key', error);
    return importPublicKey(fallbackPublicKeyPem);
  }
};

/** Encrypt a secret (password, master key) with RSA-OAEP SHA-256; returns the base64 ciphertext. */
export const encryptSecret = async (plain: string): Promise<string> => {
  // NOTE: the key is fetched for every secret, so a rotated server key is picked up at once.
  const key = await loadKey();
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return toBase64(cipher);
};
