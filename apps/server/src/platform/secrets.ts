import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel credentials at rest (access tokens, app secrets): AES-256-GCM under a key derived from the
 * server's JWT secret, so every instance that shares JWT_SECRET reads them and a database dump alone
 * does not. Sealed values read `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export type TSecrets = {
  seal: (plain: string) => string;
  /** The plain value, or null when the value was not sealed with this key (or was tampered with). */
  open: (sealed: string) => string | null;
};

export const createSecrets = (masterSecret: string): TSecrets => {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'prosa', 'connection-secrets-v1', 32));
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
};
