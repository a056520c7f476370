import { landingRouteName } from '@prosa/contracts';
import { pathFor, publicNames, rootRouteName, routeEntries, routeNameForPath } from './route-registry';
import { getScreenStatus } from './screen-status';

/** Screens only the platform superadmin may open (spec 2 and 6). */
export const superadminOnlyRoutes = [
  'tenants',
  'usuariotenants',
  'tenantsPk',
  'tenantsQueue',
  'sessoestenants',
  'pagamentostenants',
  'planos',
  'terminal',
  'atualizar',
] as const;

/** Screens for tenant managers: admin and the superadmin. */
export const managerOnlyRoutes = ['usuarios', 'customizar'] as const;

/** Screens for supervisors and up: the server answers agents ('user') 403 there. */
export const supervisorOnlyRoutes = ['monitor'] as const;

/** Screens of the tenant's admin rights (admin, super and the superadmin), as the server's routes behind them. */
export const adminOnlyRoutes = ['configuracoes-proxy'] as const;

/**
 * Campaigns, mass sends and the WhatsApp group tools (/campanhas, /massa/*, /grupo/*): the server answers agents
 * ('user') 403 there.
 */
export const isCampaignRoute = (name: string): boolean =>
  name === 'campanhas' ||
  name === 'contatos-campanha' ||
  name === 'massa' ||
  name.startsWith('massa-') ||
  name === 'grupo' ||
  name.startsWith('grupo-');

export type TGuardToast = { key: 'guard.loginRequired' | 'guard.accessDenied'; color: 'warning' | 'negative' };

export type TNavigationDecision = { action: 'allow' } | { action: 'redirect'; to: string; toast?: TGuardToast };

export type TNavigationInput = {
  /** Target URL path, optionally with its query string (`/filas?tokenSetup=1`). */
  to: string;
  /** Route name when the caller already knows it; resolved from the path otherwise. */
  name?: string | null;
  profile: string | null;
  token: string | null;
  menuVisibility: Record<string, boolean>;
};

const allow: TNavigationDecision = { action: 'allow' };
const loginRequired: TGuardToast = { key: 'guard.loginRequired', color: 'warning' };
const accessDenied: TGuardToast = { key: 'guard.accessDenied', color: 'negative' };

const splitUrl = (to: string): { pathname: string; search: URLSearchParams } => {
  const [pathname = '/', query = ''] = to.split('?', 2);
  return { pathname: pathname || '/', search: new URLSearchParams(query.split('#', 1)[0]) };
};

const isHiddenByMenu = (name: string | null, pathname: string, menuVisibility: Record<string, boolean>): boolean =>
  Object.entries(menuVisibility).some(
    ([key, visible]) => visible === false && (pathname.startsWith(`/${key}`) || name === key),
  );

/**
 * Where a navigation may go (spec 6). Pure: the router guard, the menu and the tests share it.
 * Order: session -> superadmin redirects -> superadmin passes -> role-limited screens -> menu visibility.
 */
export const decideNavigation = ({
  to,
  name,
  profile,
  token,
  menuVisibility,
}: TNavigationInput): TNavigationDecision => {
  const { pathname, search } = splitUrl(to);
  const routeName = name ?? routeNameForPath(pathname);

  if (routeName && publicNames.has(routeName)) return allow;
  if (!token) {
    if (search.has('tokenSetup')) return allow;
    // The page asked for rides along: the login returns there (the root needs no reminder).
    const asked = routeName === rootRouteName ? {} : { redirect: to };
    return { action: 'redirect', to: pathFor('login', {}, asked), toast: loginRequired };
  }

  if (profile === 'superadmin') {
    if (routeName === rootRouteName || routeName === 'contatos' || routeName === 'home-dashboard')
      return { action: 'redirect', to: pathFor(homeRouteName(profile, menuVisibility)) };
    return allow;
  }

  // Everybody else: the root shows the contacts list.
  const denied = (): TNavigationDecision => {
    // NOTE: if contatos itself is the forbidden screen, fall back to the profile's landing screen (no loop).
    const target =
      routeName === 'contatos' || pathname.startsWith('/contatos')
        ? homeRouteName(profile ?? 'user', menuVisibility)
        : 'contatos';
    return { action: 'redirect', to: pathFor(target), toast: accessDenied };
  };

  if (routeName && (superadminOnlyRoutes as readonly string[]).includes(routeName)) return denied();
  if (routeName && (managerOnlyRoutes as readonly string[]).includes(routeName) && profile !== 'admin') return denied();
  if (
    routeName &&
    (adminOnlyRoutes as readonly string[]).includes(routeName) &&
    profile !== 'admin' &&
    profile !== 'super'
  )
    return denied();
  if (routeName && isCampaignRoute(routeName) && profile === 'user') return denied();
  if (routeName && (supervisorOnlyRoutes as readonly string[]).includes(routeName) && profile === 'user')
    return denied();
  if (isHiddenByMenu(routeName, pathname, menuVisibility)) return denied();
  if (routeName === rootRouteName) return { action: 'redirect', to: pathFor('contatos') };
  return allow;
};

/** Screens a profile is sent to first, best first, after the spec's own landing screen. */
const preferredHomes: Record<string, readonly string[]> = {
  superadmin: ['tenants', 'sessoestenants', 'usuariotenants'],
  admin: ['atendimento', 'painel-atendimentos', 'contatos', 'sessoes'],
  super: ['atendimento', 'painel-atendimentos', 'contatos'],
};
const agentHomes = ['atendimento', 'contatos'];

const isBuilt = (name: string): boolean => getScreenStatus(name).future === undefined;

/**
 * The first screen that works for a profile: the spec's landing screen when it is built, else the profile's
 * preferred built screen, else any built screen the guard lets it open. Login, "Voltar ao início" and the
 * guard's fallbacks all land here.
 */
export const homeRouteName = (profile: string, menuVisibility: Record<string, boolean> = {}): string => {
  const candidates = [
    landingRouteName(profile),
    ...(preferredHomes[profile] ?? agentHomes),
    ...routeEntries.map((entry) => entry.name),
  ];
  const opens = (name: string) => {
    const { path, isPublic } = routeEntries.find((entry) => entry.name === name) ?? { path: ':', isPublic: true };
    if (isPublic || path.includes(':') || name === rootRouteName || !isBuilt(name)) return false;
    return decideNavigation({ to: path, name, profile, token: 'session', menuVisibility }).action === 'allow';
  };
  return candidates.find(opens) ?? preferredHomes[profile]?.[0] ?? 'atendimento';
};

/**
 * Where a login goes: the page that was asked for when the profile may open it (same origin, never back to a
 * public screen), else the profile's home.
 */
export const afterLoginPath = (
  asked: string | null,
  profile: string,
  menuVisibility: Record<string, boolean> = {},
): string => {
  const home = pathFor(homeRouteName(profile, menuVisibility));
  // NOTE: only a path of this origin; '//host' or 'https://…' would send the user elsewhere.
  if (!asked?.startsWith('/') || asked.startsWith('//') || asked.includes('\\')) return home;
  const name = routeNameForPath(asked.split('?', 1)[0] ?? '/');
  if (!name || publicNames.has(name) || name === rootRouteName) return home;
  const decision = decideNavigation({ to: asked, name, profile, token: 'session', menuVisibility });
  return decision.action === 'allow' ? asked : home;
};
