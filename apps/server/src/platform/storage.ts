import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where message media lives: local disk today, an S3-compatible bucket later, behind the same calls. */
export type TStorage = {
  /** Stores a file of a tenant; the key is unguessable (128 random bits) and names the tenant. */
  put: (tenantId: number, extension: string, content: Readable) => Promise<{ key: string; size: number }>;
  /** The file under a key, or null; a key of another shape never reaches the disk. */
  open: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  remove: (key: string) => Promise<void>;
};

/** tenant / year-month / 32 hex digits . extension */
const KEY = /^(\d{1,10})\/(\d{4}-\d{2})\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export const isStorageKey = (key: string) => KEY.test(key);
export const tenantOfKey = (key: string): number | null => {
  const match = KEY.exec(key);
  return match ? Number(match[1]) : null;
};

/** Files under `root` (DATA_DIR/media). */
export const createLocalStorage = (root: string): TStorage => {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    put: async (tenantId, extension, content) => {
      const month = new Date().toISOString().slice(0, 7);
      const key = `${tenantId}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(content, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { key, size: (await stat(file)).size };
    },
    open: async (key) => {
      if (!isStorageKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(fileOf(key)), size: info.size };
    },
    remove: async (key) => {
      if (isStorageKey(key)) await rm(fileOf(key), { force: true });
    },
  };
};
