import type { TBirthdayList, TBirthdayRun, TBirthdaySetting } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export const birthdayKeys = {
  all: ['birthdays'] as const,
  list: (month: number | null) => ['birthdays', 'list', month] as const,
  settings: ['birthdays', 'settings'] as const,
};

/** GET /birthdays: the month's birthdays (the tenant's current month when null) and this year's sends. */
export const useBirthdays = (month: number | null) =>
  useQuery({
    queryKey: birthdayKeys.list(month),
    queryFn: async () => (await http.get<TBirthdayList>('/birthdays', { params: month ? { month } : {} })).data,
    placeholderData: keepPreviousData,
  });

export const useBirthdaySettings = (enabled: boolean) =>
  useQuery({
    queryKey: birthdayKeys.settings,
    queryFn: async () => (await http.get<TBirthdaySetting[]>('/birthdays/settings')).data,
    enabled,
  });

export const useSaveBirthdaySettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Pick<TBirthdaySetting, 'connectionId' | 'enabled' | 'message'>[]) =>
      (await http.put<TBirthdaySetting[]>('/birthdays/settings', { settings })).data,
    onSuccess: (data) => client.setQueryData(birthdayKeys.settings, data),
  });
};

/** POST /messages/sendBirthday: today's birthdays now (those already sent this year are left alone). */
export const useSendBirthdaysNow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<TBirthdayRun>('/messages/sendBirthday')).data,
    onSuccess: () => client.invalidateQueries({ queryKey: birthdayKeys.all }),
  });
};
