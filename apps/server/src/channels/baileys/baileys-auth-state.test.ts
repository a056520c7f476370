import { initAuthCreds } from 'baileys';
import { beforeAll, describe, expect, it } from 'vitest';
import { deserialiseAuthValue, serialiseAuthValue } from './baileys-auth-state.js';
import { loadBaileysLibrary } from './baileys-library.js';

beforeAll(() => loadBaileysLibrary());

// The auth state goes through jsonb: bytes must come back as Buffers (Baileys' BufferJSON), or the Signal
// sessions fail to decrypt after a restart.
describe('Baileys auth state serialisation', () => {
  it('keeps Buffers and Uint8Arrays as bytes through JSON', () => {
    const value = {
      public: Buffer.from([1, 2, 3, 250]),
      private: new Uint8Array([9, 8, 7]),
      nested: { list: [Buffer.from('abc')], id: 7, name: 'x' },
    };
    const stored = serialiseAuthValue(value);
    // What jsonb keeps is plain JSON: no Buffer objects, no index maps.
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    expect(JSON.stringify(stored)).not.toContain('"0":');
    const back = deserialiseAuthValue<typeof value>(stored);
    expect(Buffer.isBuffer(back.public)).toBe(true);
    expect([...back.public]).toEqual([1, 2, 3, 250]);
    expect([...back.private]).toEqual([9, 8, 7]);
    expect(back.nested.list[0]?.toString()).toBe('abc');
    expect(back.nested).toMatchObject({ id: 7, name: 'x' });
  });

  it('round-trips fresh creds: key pairs stay bytes, the rest stays as it was', () => {
    const creds = initAuthCreds();
    const back = deserialiseAuthValue<typeof creds>(serialiseAuthValue(creds));
    expect(Buffer.isBuffer(back.noiseKey.private)).toBe(true);
    expect(Buffer.from(back.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(true);
    expect(Buffer.from(back.signedPreKey.signature).equals(Buffer.from(creds.signedPreKey.signature))).toBe(true);
    expect(back.registrationId).toBe(creds.registrationId);
    expect(back.advSecretKey).toBe(creds.advSecretKey);
    expect(back.registered).toBe(false);
  });
});
