// The server compiled for production: src/main.ts and our workspace packages (TypeScript sources such as
// @prosa/contracts) bundled into dist/main.js; installed packages stay imports of node_modules. Paths are found
// from the file at run time (src/platform/server-root.ts), so the migrations and the web build are read where
// they are. `npm start` runs it when the sources are newer than the build (scripts/build-if-stale.mjs).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(serverDir, 'dist');

/** Bare imports are node_modules packages, left to Node; only `@prosa/*` (our sources) is bundled. */
const installedPackagesExternal: Plugin = {
  name: 'installed-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@prosa/') ? undefined : { path: args.path, external: true },
    );
  },
};

const startedAt = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(serverDir, 'src', 'main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // The sources' own `.js` specifiers name `.ts` files; esbuild maps them.
  resolveExtensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  plugins: [installedPackagesExternal],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
process.stdout.write(
  `server built: apps/server/dist/main.js (${(bytes / 1024).toFixed(0)} KB) in ${Math.round(performance.now() - startedAt)} ms\n`,
);
