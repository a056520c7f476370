// `npm run typecheck`: every TypeScript project checked once, through project references (tsc -b) on the
// `tsconfig.check.json` of each: contracts, fakes and the server emit declarations (into
// node_modules/.cache/tsc) that their consumers read instead of checking their sources again, and every
// project keeps a .tsbuildinfo there, so a second run checks only what changed. TypeScript 7 (the native
// compiler) checks the projects that do not depend on each other side by side on its own.
// `tsc --noEmit -p <project>` still checks one project from sources (docs/testing.md).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const projects = ['packages/contracts', 'packages/fakes', 'apps/web', 'e2e', 'bench'];

const child = spawn(process.execPath, [tsc, '-b', ...projects.map((p) => `${p}/tsconfig.check.json`)], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
