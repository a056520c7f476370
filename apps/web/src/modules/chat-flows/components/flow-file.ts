import type { TChatFlow } from '@prosa/contracts';

/** A file name made of the flow's name: characters file systems refuse become '-'. */
export const flowFileName = (name: string): string =>
  `${
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused in file names
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
      .trim() || 'fluxo'
  }.json`;

/** Downloads the flow's document as `<name>.json` (what import reads back). */
export const downloadFlow = (flow: TChatFlow): void => {
  const blob = new Blob([JSON.stringify(flow.flow, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = flowFileName(flow.name);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** The name a flow imported from this file gets: the file's name without `.json`. */
export const nameFromFile = (fileName: string, fallback: string): string =>
  fileName
    .replace(/\.json$/i, '')
    .trim()
    .slice(0, 200) || fallback;

/** The names of the file's steps by id, to name the steps of the server's issues (null: no such list). */
export const stepNamesOf = (json: unknown): Map<string, string> => {
  const names = new Map<string, string>();
  const nodes = (json as { nodeList?: unknown } | null)?.nodeList;
  if (!Array.isArray(nodes)) return names;
  for (const node of nodes) {
    const { id, name } = (node ?? {}) as { id?: unknown; name?: unknown };
    if (typeof id === 'string') names.set(id, typeof name === 'string' && name ? name : id);
  }
  return names;
};
