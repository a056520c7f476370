import { useEffect, useMemo } from 'react';
import { useSessionStore } from '../../../app/session/session-store';
import { useAppearanceStore } from '../../../app/theme/appearance-store';
import { flattenTickets } from '../api/ticket-list-cache';
import { useTicketList } from '../api/tickets-api';
import { toListParams } from '../store/attendance-filter';
import { useAttendanceStore } from '../store/attendance-store';

/** "(N) Prosa": unread messages of the open and pending tickets. */
export const unreadTitle = (appName: string, unread: number): string =>
  unread > 0 ? `(${unread > 999 ? '999+' : unread}) ${appName}` : appName;

/** Keeps the unread total in the browser tab's title while the workspace is open. */
export const useUnreadTitle = (): void => {
  // The branding object, not just its name: applying branding rewrites the title, which must then be redone.
  const branding = useAppearanceStore((state) => state.branding);
  const appName = branding.appName;
  const profile = useSessionStore((state) => state.profile);
  const filter = useAttendanceStore((state) => state.filter);
  const open = useTicketList(useMemo(() => toListParams(filter, 'open', profile), [filter, profile]));
  const pending = useTicketList(useMemo(() => toListParams(filter, 'pending', profile), [filter, profile]));

  const unread = useMemo(() => {
    const seen = new Set<number>();
    let total = 0;
    for (const ticket of [...flattenTickets(open.data?.pages ?? []), ...flattenTickets(pending.data?.pages ?? [])]) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      total += ticket.unreadMessages;
    }
    return total;
  }, [open.data, pending.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply after every branding update
  useEffect(() => {
    document.title = unreadTitle(appName, unread);
  }, [branding, appName, unread]);

  useEffect(
    () => () => {
      document.title = appName;
    },
    [appName],
  );
};
