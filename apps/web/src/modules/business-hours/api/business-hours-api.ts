import type { TBusinessHours, THolidays, TTenantTimeZone } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { tenantTimeZoneKey, useTenantTimeZone } from '../../../app/tenant/time-zone';

export const businessHoursKeys = {
  hours: ['business-hours'] as const,
  holidays: ['business-hours', 'holidays'] as const,
  absence: ['business-hours', 'absence-message'] as const,
};

export const useBusinessHours = () =>
  useQuery({
    queryKey: businessHoursKeys.hours,
    queryFn: async () => (await http.get<TBusinessHours>('/tenants/business-hours')).data,
  });

export const useHolidays = () =>
  useQuery({
    queryKey: businessHoursKeys.holidays,
    queryFn: async () => (await http.get<THolidays>('/tenants/holidays')).data,
  });

export const useAbsenceMessage = () =>
  useQuery({
    queryKey: businessHoursKeys.absence,
    queryFn: async () =>
      (await http.get<{ messageBusinessHours: string }>('/tenants/message-business-hours')).data.messageBusinessHours,
  });

/** The tenant's zone, in the cache the dashboard and reports count their days by. */
export const useTimeZone = useTenantTimeZone;

/** A PUT whose answer replaces the cached value at once. */
const usePut = <TBody, TData>(path: string, key: readonly string[], read: (data: TData) => unknown) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => (await http.put<TData>(path, body)).data,
    onSuccess: (data) => client.setQueryData(key, read(data)),
  });
};

export const useSaveBusinessHours = () =>
  usePut<TBusinessHours, TBusinessHours>('/tenants/business-hours', businessHoursKeys.hours, (d) => d);
export const useSaveHolidays = () =>
  usePut<THolidays, THolidays>('/tenants/holidays', businessHoursKeys.holidays, (d) => d);
export const useSaveAbsenceMessage = () =>
  usePut<{ messageBusinessHours: string }, { messageBusinessHours: string }>(
    '/tenants/message-business-hours',
    businessHoursKeys.absence,
    (d) => d.messageBusinessHours,
  );
export const useSaveTimeZone = () =>
  usePut<TTenantTimeZone, TTenantTimeZone>('/tenants/timezone', tenantTimeZoneKey, (d) => d.timezone);
