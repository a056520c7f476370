import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const compressible = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const minBytes = 1024;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
};

const compressFile = async (file: string): Promise<void> => {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not worth sending: the server falls back to the original.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
};

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, once, at build time: the server
 * sends them as they are to browsers that accept them (@fastify/static `preCompressed`, platform/http.ts).
 */
export const precompressPlugin = (): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'prosa-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
        const sizes = await Promise.all(files.map(async (file) => ({ file, size: (await stat(file)).size })));
        await Promise.all(sizes.filter(({ size }) => size >= minBytes).map(({ file }) => compressFile(file)));
      },
    },
  };
};
