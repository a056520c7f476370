import path from 'node:path';

/** A server source file: its path under `src/` (with `/`) and its text. */
export type TSourceFile = { path: string; text: string };

// `from '…'` (imports and re-exports, one line or many) and `import('…')` / `import '…'`.
const specifiers = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** The module a path under `src/` belongs to (`modules/<name>/…`), if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/**
 * The import rules between the server's parts (docs/architecture.md):
 * - a module reaches another module through its `*.service.ts` (or its use cases), never its repositories;
 *   nothing outside a module (the channel host, the platform, the composition root) reads them either;
 * - a channel provider (`channels/<provider>`, `channels/shared`, the registry) imports no module: it talks to
 *   modules through the channel host (`channels/host`) it is handed.
 * Answers one line per crossing, empty when there is none.
 */
export const findBoundaryViolations = (files: TSourceFile[]): string[] => {
  const violations: string[] = [];
  for (const file of files) {
    const from = moduleOf(file.path);
    const isProvider = file.path.startsWith('channels/') && !file.path.startsWith('channels/host/');
    for (const match of file.text.matchAll(specifiers)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(file.path), specifier).replace(/\.(js|ts)$/, '');
      const to = moduleOf(target);
      if (to === undefined) continue;
      if (to !== from && /\.repository$/.test(target))
        violations.push(`${file.path} imports ${target} (another module's repository)`);
      else if (isProvider) violations.push(`${file.path} imports ${target} (a channel provider imports no module)`);
    }
  }
  return violations;
};
