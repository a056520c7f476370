import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { notifyError, notifyWarning } from '../notify';
import { useSessionStore } from '../session/session-store';
import { decideNavigation } from './guards';

export type TRouteHandle = { name?: string };

const routeNameOf = (matches: ReturnType<typeof useMatches>): string | null => {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as TRouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return null;
};

/** Root of the route tree: applies the navigation rules of spec 6 and scrolls to the top on each navigation. */
export const RouteGuard = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const { token, profile, menuVisibility } = useSessionStore();
  const name = routeNameOf(matches);
  // A session that ends on this screen (logout, expired refresh) is not a "login required" refusal.
  const previousToken = useRef(token);
  const sessionJustEnded = previousToken.current !== null && token === null;

  const decision = useMemo(
    () => decideNavigation({ to: `${location.pathname}${location.search}`, name, token, profile, menuVisibility }),
    [location.pathname, location.search, name, token, profile, menuVisibility],
  );

  useEffect(() => {
    if (decision.action !== 'redirect' || !decision.toast || sessionJustEnded) return;
    const message = t(decision.toast.key);
    // A fixed id: the same refusal is never stacked twice.
    if (decision.toast.color === 'negative') notifyError(message, { id: decision.toast.key });
    else notifyWarning(message, { id: decision.toast.key });
  }, [decision, sessionJustEnded, t]);

  useEffect(() => {
    previousToken.current = token;
  }, [token]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every navigation, keyed by the path
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [location.pathname]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
};
