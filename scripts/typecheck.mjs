// `npm run typecheck`: every TypeScript project checked once, through project references (tsc -b) on the
// `tsconfig.check.json` of each: contracts, fakes and the server emit declarations (into
// node_modules/.cache/tsc) that their consumers read instead of checking their sources again, and every
// project keeps a .tsbuildinfo there, so a second run checks only what changed. The web and the server's
// chain share nothing but contracts: after contracts and fakes they run side by side, one core each.
// `tsc --noEmit -p <project>` still checks one project from sources (docs/testing.md).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const build = (...projects) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-b', ...projects.map((p) => `${p}/tsconfig.check.json`)], {
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const shared = await build('packages/contracts', 'packages/fakes');
const [web, server] = await Promise.all([build('apps/web'), build('e2e', 'bench')]);
process.exit(shared || web || server ? 1 : 0);
