import type { TTenantTimeZone } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/client';

export const tenantTimeZoneKey = ['tenant', 'time-zone'] as const;

/** This browser's zone (the user's computer clock). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /tenants/timezone: the zone the server counts the tenant's days and hours in. */
export const useTenantTimeZone = () =>
  useQuery({
    queryKey: tenantTimeZoneKey,
    queryFn: async () => (await http.get<TTenantTimeZone>('/tenants/timezone')).data.timezone,
    staleTime: 5 * 60_000,
  });

/**
 * The zone a screen's "today" is counted in: the tenant's, as the server counts it, so a browser in another
 * zone (or a São Paulo evening, already tomorrow in UTC) asks for the same day. This browser's zone when the
 * tenant's cannot be read; undefined while it loads.
 */
export const useCalendarZone = (): string | undefined => {
  const zone = useTenantTimeZone();
  if (zone.data) return zone.data;
  return zone.isError ? browserZone() : undefined;
};
