import type { TContact, TMessage, TScheduleList, TScheduleStatus, TScheduleUpdate } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TScheduleFilterValues = {
  status: TScheduleStatus | null;
  /** Local dates (YYYY-MM-DD) of the period, inclusive. */
  dateStart: string;
  dateEnd: string;
  contactId: string | null;
  whatsappId: string | null;
  userId: string | null;
};

export const emptyScheduleFilters: TScheduleFilterValues = {
  status: 'pending',
  dateStart: '',
  dateEnd: '',
  contactId: null,
  whatsappId: null,
  userId: null,
};

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (filters: TScheduleFilterValues, page: number) => ['schedules', 'list', filters, page] as const,
  contacts: (search: string) => ['schedules', 'contacts', search] as const,
};

/** A local date's start or end as an ISO time with the browser's offset. */
const dayBound = (date: string, end: boolean): string | undefined => {
  if (!date) return undefined;
  const local = new Date(`${date}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
};

export const toScheduleParams = (filters: TScheduleFilterValues, page: number) => {
  const params: Record<string, string | number> = { page };
  if (filters.status) params.status = filters.status;
  const from = dayBound(filters.dateStart, false);
  const to = dayBound(filters.dateEnd, true);
  if (from) params.from = from;
  if (to) params.to = to;
  if (filters.contactId) params.contactId = filters.contactId;
  if (filters.whatsappId) params.whatsappId = filters.whatsappId;
  if (filters.userId) params.userId = filters.userId;
  return params;
};

/** GET /messagesSchedule: the schedules of the tickets the user may see, 40 a page. */
export const useSchedules = (filters: TScheduleFilterValues, page: number) =>
  useQuery({
    queryKey: scheduleKeys.list(filters, page),
    queryFn: async () =>
      (await http.get<TScheduleList>('/messagesSchedule', { params: toScheduleParams(filters, page) })).data,
    placeholderData: keepPreviousData,
  });

/** Contacts for the filter, by name or number (first page is plenty for a select). */
export const useContactOptions = (search: string) =>
  useQuery({
    queryKey: scheduleKeys.contacts(search),
    queryFn: async () =>
      (await http.get<{ contacts: TContact[] }>('/contacts', { params: { pageNumber: 1, searchParam: search } })).data
        .contacts,
    staleTime: 30_000,
  });

const useScheduleMutation = <TInput>(call: (input: TInput) => Promise<TMessage>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
};

export const useUpdateSchedule = () =>
  useScheduleMutation(
    async ({ id, change }: { id: number; change: TScheduleUpdate }) =>
      (await http.put<TMessage>(`/messagesSchedule/${id}`, change)).data,
  );

export const useCancelSchedule = () =>
  useScheduleMutation(async (id: number) => (await http.post<TMessage>(`/messagesSchedule/${id}/cancel`)).data);

export const useRestoreSchedule = () =>
  useScheduleMutation(async (id: number) => (await http.post<TMessage>(`/messagesSchedule/${id}/restore`)).data);
