import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What is kept beside a file: the name it was uploaded with and its real (sniffed) type. */
export type TStoredMeta = { name: string; mime: string };

/** An inclusive byte range, as HTTP Range asks for it. */
export type TByteRange = { start: number; end: number };

/** Where message media lives: local disk today, an S3-compatible bucket later, behind the same calls. */
export type TStorage = {
  /** Stores a file of a tenant; the key is unguessable (128 random bits) and names the tenant. */
  put: (
    tenantId: number,
    extension: string,
    content: Readable,
    meta?: TStoredMeta,
  ) => Promise<{ key: string; size: number }>;
  /**
   * The file under a key (or a byte range of it) with its meta, or null; a key of another shape never
   * reaches the disk. `size` is the whole file's size.
   */
  open: (
    key: string,
    range?: TByteRange,
  ) => Promise<{ stream: Readable; size: number; meta: TStoredMeta | null } | null>;
  /** Only the size and meta (to answer a range request before opening the stream). */
  stat: (key: string) => Promise<{ size: number; meta: TStoredMeta | null } | null>;
  remove: (key: string) => Promise<void>;
};

/** tenant / year-month / 32 hex digits . extension */
const KEY = /^(\d{1,10})\/(\d{4}-\d{2})\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export const isStorageKey = (key: string) => KEY.test(key);
export const tenantOfKey = (key: string): number | null => {
  const match = KEY.exec(key);
  return match ? Number(match[1]) : null;
};

/** Files under `root` (DATA_DIR/media); the meta sits beside each file as `<file>.json` (never a valid key). */
export const createLocalStorage = (root: string): TStorage => {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const readMeta = async (key: string): Promise<TStoredMeta | null> => {
    const raw = await readFile(`${fileOf(key)}.json`, 'utf8').catch(() => null);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<TStoredMeta>;
      return typeof parsed.name === 'string' && typeof parsed.mime === 'string'
        ? { name: parsed.name, mime: parsed.mime }
        : null;
    } catch {
      return null;
    }
  };
  const statOf = async (key: string) => {
    if (!isStorageKey(key)) return null;
    const info = await stat(fileOf(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, meta: await readMeta(key) };
  };
  return {
    put: async (tenantId, extension, content, meta) => {
      const month = new Date().toISOString().slice(0, 7);
      const key = `${tenantId}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(content, createWriteStream(file, { flags: 'wx' }));
        if (meta) await writeFile(`${file}.json`, JSON.stringify(meta), { flag: 'wx' });
      } catch (error) {
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
        throw error;
      }
      return { key, size: (await stat(file)).size };
    },
    stat: statOf,
    open: async (key, range) => {
      const info = await statOf(key);
      if (!info) return null;
      return { stream: createReadStream(fileOf(key), range ?? {}), ...info };
    },
    remove: async (key) => {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
      await rm(`${fileOf(key)}.json`, { force: true });
    },
  };
};
