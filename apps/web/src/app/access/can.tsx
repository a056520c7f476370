import type { ReactNode } from 'react';
import { useSessionStore } from '../session/session-store';
import { can, type TAction } from './permissions';

/** Whether the signed-in user may do `action` (the server would refuse it otherwise). */
export const useCan = (action: TAction): boolean => useSessionStore((state) => can(state.profile, action));

/** Shows its children only to a user who may do `action`; `fallback` (nothing by default) to the others. */
export const Can = ({
  do: action,
  children,
  fallback = null,
}: {
  do: TAction;
  children: ReactNode;
  fallback?: ReactNode;
}) => (useCan(action) ? children : fallback);
