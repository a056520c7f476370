import { setLoginNavigator } from '../http/client';
import { decideNavigation } from './guards';
import { pathFor } from './route-registry';

type TNavigate = (to: string, options?: { replace?: boolean }) => void;

/** Navigation for code outside React components (session end, realtime); set once the router exists. */
let navigateImpl: TNavigate = (to) => window.location.assign(to);

/** The login page for a session that ended here: it returns to this page afterwards (public pages need not). */
export const loginReturningHere = (): string => {
  const here = `${window.location.pathname}${window.location.search}`;
  const decision = decideNavigation({ to: here, token: null, profile: null, menuVisibility: {} });
  return decision.action === 'redirect' ? decision.to : pathFor('login');
};

export const setAppNavigate = (navigate: TNavigate): void => {
  navigateImpl = navigate;
  setLoginNavigator(() => navigate(loginReturningHere(), { replace: true }));
};

export const appNavigate: TNavigate = (to, options) => navigateImpl(to, options);

/*
 * Ctrl-click (or meta-click) navigation (spec 4): a window flag set by the click that is being handled.
 * Links rendered as <a href> get a new tab from the browser itself; programmatic navigation checks the flag.
 */
let ctrlClickFlag = false;

export const installCtrlClickFlag = (): (() => void) => {
  const onClick = (event: MouseEvent) => {
    ctrlClickFlag = event.ctrlKey || event.metaKey;
    // The flag belongs to this click only: clear it once its handlers have run.
    if (ctrlClickFlag) setTimeout(() => (ctrlClickFlag = false), 0);
  };
  window.addEventListener('click', onClick, true);
  return () => window.removeEventListener('click', onClick, true);
};

/** True (and clears the flag) when the current click asked for a new tab. */
export const consumeCtrlClickFlag = (): boolean => {
  const value = ctrlClickFlag;
  ctrlClickFlag = false;
  return value;
};
