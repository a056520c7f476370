import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { TExecutor } from '../db/client.js';
import { AppError } from '../errors.js';
import { ensurePlatformSetting } from '../settings-store.js';
import { fallbackPrivateKeyPem } from './fallback-private-key.js';

type TKeyPair = { publicKey: string; privateKey: string };

/**
 * RSA-2048 pair the browser uses to encrypt passwords before sending them (RSA-OAEP, SHA-256).
 * Stored in the database so every instance shares it; created once on first start.
 */
export const ensureLoginKeyPair = (db: TExecutor): Promise<TKeyPair> =>
  ensurePlatformSetting<TKeyPair>(db, 'loginKeyPair', () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }),
  );

const tryDecrypt = (privateKey: string, ciphertext: Buffer): string | undefined => {
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      ciphertext,
    ).toString('utf8');
  } catch {
    return undefined;
  }
};

/** Decrypts a base64 secret sent by the web app with the installation key or, failing that, the fallback key. */
export const createSecretDecrypter =
  (keyPair: TKeyPair) =>
  (base64: string, field: string): string => {
    const ciphertext = Buffer.from(base64, 'base64');
    const plain = tryDecrypt(keyPair.privateKey, ciphertext) ?? tryDecrypt(fallbackPrivateKeyPem, ciphertext);
    if (plain === undefined || plain.length === 0) throw new AppError('ERR_VALIDATION', { field });
    return plain;
  };
export type TDecryptSecret = ReturnType<typeof createSecretDecrypter>;
