// `npm start` runs this first: it builds the web app and the server when a build is missing or older than
// the sources it comes from, and does nothing otherwise, so a restart starts at once. Each build is run on
// its own: a change to the server alone does not rebuild the web app.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time under `paths` (files or folders), leaving tests and node_modules out. */
const newestMtime = (paths) => {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(file, name));
      }
    } else if (!/\.test\.tsx?$/.test(file)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
};

const builtAt = (file) => {
  try {
    return statSync(path.join(root, file)).mtimeMs;
  } catch {
    return -1;
  }
};

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];
const targets = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/vite.config.ts',
      'apps/web/compress-plugin.ts',
      'apps/web/emojibase-plugin.ts',
    ],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    inputs: [...shared, 'apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
  },
];

for (const { workspace, output, inputs } of targets) {
  const built = builtAt(output);
  if (built >= newestMtime(inputs)) continue;
  process.stdout.write(`${workspace}: ${built < 0 ? 'no build yet' : 'sources changed'}, building\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
