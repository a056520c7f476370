import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { consumeCtrlClickFlag } from './navigation';
import { pathFor, type TRouteParams, type TRouteQuery } from './route-registry';

/** Navigate by route name; a ctrl/meta click opens the target in a new tab; going to the current URL is a no-op. */
export const useAppNavigate = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (name: string, params?: TRouteParams, query?: TRouteQuery) => {
      const target = pathFor(name, params, query);
      if (consumeCtrlClickFlag()) {
        window.open(target, '_blank', 'noopener');
        return;
      }
      if (target === `${location.pathname}${location.search}`) return;
      navigate(target);
    },
    [navigate, location.pathname, location.search],
  );
};
