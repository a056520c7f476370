import { mainScreens, nestedGroups, publicRouteNames, reportNames } from '@prosa/contracts';

/** Every named route of the app (spec section 2). Names are part of the contract: menuVisibility uses them. */
export type TRouteEntry = {
  name: string;
  /** Absolute path pattern, react-router syntax (`:param`). */
  path: string;
  /** The group a nested child belongs to (e.g. `configuracoes` for `configuracoes-geral`). */
  group?: string;
  isPublic?: boolean;
};

export const rootRouteName = 'root';
export const notFoundRouteName = 'not-found';

/** Route name of a nested group's child: the group and the child joined, so children never collide. */
export const nestedChildName = (group: string, child: string): string => `${group}-${child}`;

const publicEntries: TRouteEntry[] = [
  { name: 'login', path: '/login', isPublic: true },
  { name: 'signup', path: '/signup', isPublic: true },
  { name: 'masterkey', path: '/masterkey', isPublic: true },
  { name: 'reset', path: '/reset/:token', isPublic: true },
  // OAuth callbacks land outside the main layout but need a session (spec 6 lists only four public names).
  { name: 'google-callback', path: '/auth/google/callback' },
  { name: 'gmail-callback-url-back', path: '/gmail/callbackUrlBack' },
];

const buildEntries = (): TRouteEntry[] => {
  const entries: TRouteEntry[] = [...publicEntries, { name: rootRouteName, path: '/' }];
  for (const [name, path] of mainScreens) entries.push({ name, path });
  for (const [group, , children] of nestedGroups) {
    entries.push({ name: group, path: `/${group}` });
    for (const child of children) {
      entries.push({ name: nestedChildName(group, child), path: `/${group}/${child}`, group });
    }
  }
  entries.push({ name: 'relatorios', path: '/relatorios' });
  for (const report of reportNames) entries.push({ name: report, path: `/relatorios/${report}`, group: 'relatorios' });
  entries.push(
    { name: 'chat-flow', path: '/chat-flow' },
    { name: 'chat-flow-builder', path: '/chat-flow/builder/:chatFlowId', group: 'chat-flow' },
    { name: 'atendimento', path: '/atendimento' },
    { name: 'chat-empty', path: '/atendimento/chats', group: 'atendimento' },
    { name: 'chat-contatos', path: '/atendimento/contatos', group: 'atendimento' },
    { name: 'chat', path: '/atendimento/:ticketId', group: 'atendimento' },
  );
  return entries;
};

export const routeEntries: readonly TRouteEntry[] = buildEntries();

const byName = new Map(routeEntries.map((entry) => [entry.name, entry]));

export const publicNames: ReadonlySet<string> = new Set<string>(publicRouteNames);

export const getRouteEntry = (name: string): TRouteEntry => {
  const entry = byName.get(name);
  if (!entry) throw new Error(`Unknown route name: ${name}`);
  return entry;
};

export const hasRoute = (name: string): boolean => byName.has(name);

export type TRouteParams = Record<string, string | number>;
export type TRouteQuery = Record<string, string | number | boolean | undefined>;

/** Path of a named route: `pathFor('chat', { ticketId: 7 }, { pageNumber: 1 })` -> `/atendimento/7?pageNumber=1`. */
export const pathFor = (name: string, params: TRouteParams = {}, query: TRouteQuery = {}): string => {
  const { path } = getRouteEntry(name);
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Route ${name} needs the parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
};

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/** Score a pattern against a path: static segments beat parameters (as react-router ranks them). */
const matchScore = (pattern: string, pathname: string): number => {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  if (want.length !== have.length) return -1;
  let score = 0;
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] as string;
    if (segment.startsWith(':')) {
      score += 1;
      continue;
    }
    if (segment !== have[i]) return -1;
    score += 10;
  }
  return score;
};

/** The route name a pathname resolves to, or null when nothing matches (the not-found page). */
export const routeNameForPath = (pathname: string): string | null => {
  let best: TRouteEntry | null = null;
  let bestScore = -1;
  for (const entry of routeEntries) {
    const score = matchScore(entry.path, pathname);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best?.name ?? null;
};
