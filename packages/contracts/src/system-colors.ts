/**
 * The tenant's eight interface colours, as the family stores and sends them. Kept free of zod: the web app reads
 * the stored colours before its first paint, on the login screen too, which loads no schema library.
 */
export const systemColorLabels = [
  'Neutral',
  'Primary',
  'Secondary',
  'Accent',
  'Warning',
  'Negative',
  'Positive',
  'Light',
] as const;
export type TSystemColorLabel = (typeof systemColorLabels)[number];
export type TSystemColorKey = Lowercase<TSystemColorLabel>;
/** Colour entry as the family sends it: `{ label: 'Primary', primary: '#5c67f2' }`. */
export type TSystemColor = { label: TSystemColorLabel } & Partial<Record<TSystemColorKey, string>>;

export const hexColorPattern = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const defaultSystemColors: Record<TSystemColorKey, string> = {
  neutral: '#e0e1e2',
  primary: '#5c67f2',
  secondary: '#26a69a',
  accent: '#9c27b0',
  warning: '#f2c037',
  negative: '#c10015',
  positive: '#25d366',
  light: '#f5f6fa',
};

export const toSystemColorList = (colors: Record<TSystemColorKey, string>): TSystemColor[] =>
  systemColorLabels.map((label) => {
    const key = label.toLowerCase() as TSystemColorKey;
    return { label, [key]: colors[key] } as TSystemColor;
  });

export const fromSystemColorList = (
  list: readonly ({ label: TSystemColorLabel } & Record<string, unknown>)[],
): Record<TSystemColorKey, string> => {
  const colors = { ...defaultSystemColors };
  for (const item of list) {
    const key = item.label.toLowerCase() as TSystemColorKey;
    colors[key] = String(item[key]);
  }
  return colors;
};

const isLabel = (value: unknown): value is TSystemColorLabel =>
  (systemColorLabels as readonly unknown[]).includes(value);

/**
 * The colours of a list as `ZSystemColors` accepts it (eight entries, each label once, each with its hex
 * colour), or null for anything else.
 */
export const readSystemColorList = (list: unknown): Record<TSystemColorKey, string> | null => {
  if (!Array.isArray(list) || list.length !== systemColorLabels.length) return null;
  const labels = new Set<string>();
  for (const item of list as unknown[]) {
    if (!item || typeof item !== 'object') return null;
    const entry = item as Record<string, unknown>;
    if (!isLabel(entry.label)) return null;
    for (const value of Object.values(entry)) if (typeof value !== 'string') return null;
    const color = entry[entry.label.toLowerCase()];
    if (typeof color !== 'string' || !hexColorPattern.test(color)) return null;
    labels.add(entry.label);
  }
  return labels.size === systemColorLabels.length
    ? fromSystemColorList(list as ({ label: TSystemColorLabel } & Record<string, unknown>)[])
    : null;
};
