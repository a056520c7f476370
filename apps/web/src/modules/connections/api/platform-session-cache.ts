import type { TPlatformConnectionList, TPlatformSessionEvent } from '@prosa/contracts';
import type { InfiniteData } from '@tanstack/react-query';

type TPages = InfiniteData<TPlatformConnectionList, number>;

/**
 * Applies a `platform:whatsappSession` event to the pages already loaded: the row of that tenant's connection
 * takes the new status, number, last error and time at once. Which rows match the filters, and the counts per
 * status, are left to the refetch that follows (a row on a page not loaded yet is not known here).
 * Returns the same object when nothing shown changed, so React Query notifies nobody.
 */
export const applyPlatformSessionEvent = (data: TPages | undefined, event: TPlatformSessionEvent) => {
  if (!data) return data;
  const { session, tenantId } = event;
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.connections.findIndex((row) => row.id === session.id && row.tenantId === tenantId);
    if (index < 0) return page;
    changed = true;
    const connections = [...page.connections];
    connections[index] = {
      ...(connections[index] as TPlatformConnectionList['connections'][number]),
      name: session.name,
      type: session.type,
      status: session.status,
      number: session.number,
      lastError: session.lastError,
      isDefault: session.isDefault,
      updatedAt: session.updatedAt,
    };
    return { ...page, connections };
  });
  return changed ? { ...data, pages } : data;
};
