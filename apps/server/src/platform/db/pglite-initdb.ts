import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

// The child only creates the cluster and closes it: plain JavaScript, whatever loader runs the parent.
const script = `const [url, dir] = process.argv.slice(1);
const { PGlite } = await import(url);
await (await PGlite.create({ dataDir: dir })).close();`;

/**
 * Creates a new PGlite data directory (`initdb`) in a short-lived child process. In the server's own process
 * `initdb` grows the WebAssembly heap to ~900 MB, and even after that instance is closed the process kept about
 * 130 MB more than one that only opens an existing directory (a first start held 538-580 MB against 454 for a
 * second; docs/benchmarks.md, "Start"). A child's memory goes back with it.
 */
export const initdbInChildProcess = async (dir: string): Promise<void> => {
  mkdirSync(dir, { recursive: true });
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  await run(process.execPath, ['--input-type=module', '-e', script, entry, dir], { maxBuffer: 1024 * 1024 });
};
