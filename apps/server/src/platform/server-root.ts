import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the folder above this file that holds the migrations. The same
 * from the sources (src/platform/) and from the compiled build (dist/main.js), where every module is one file.
 */
const findServerRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no drizzle/ folder above ${from}`);
  }
};

export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
