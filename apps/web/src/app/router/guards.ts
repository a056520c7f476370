import { landingRouteName } from '@prosa/contracts';
import { pathFor, publicNames, rootRouteName, routeNameForPath } from './route-registry';

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

/** Screens of the tenant's admin rights (admin, super and the superadmin), as the server's routes behind them. */
export const adminOnlyRoutes = ['configuracoes-proxy'] as const;

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
    return { action: 'redirect', to: pathFor('login'), toast: loginRequired };
  }

  if (profile === 'superadmin') {
    if (routeName === rootRouteName || routeName === 'contatos')
      return { action: 'redirect', to: pathFor('assinatura') };
    if (routeName === 'home-dashboard') return { action: 'redirect', to: pathFor('tenants') };
    return allow;
  }

  // Everybody else: the root shows the contacts list.
  const denied = (): TNavigationDecision => {
    // NOTE: if contatos itself is the forbidden screen, fall back to the profile's landing screen (no loop).
    const target =
      routeName === 'contatos' || pathname.startsWith('/contatos') ? landingRouteName(profile ?? 'user') : 'contatos';
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
  if (isHiddenByMenu(routeName, pathname, menuVisibility)) return denied();
  if (routeName === rootRouteName) return { action: 'redirect', to: pathFor('contatos') };
  return allow;
};
