import type { TRating, TTicketEvaluationList } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

/** Filters of `/avaliacoes/listar`; empty ones are left out of the request. */
export type TRatingFilters = {
  dateStart: string;
  dateEnd: string;
  userId: string | null;
  queueId: string | null;
  score: string | null;
};

export const ratingKeys = {
  all: ['ratings'] as const,
  list: (filters: TRatingFilters, pageNumber: number) => ['ratings', 'list', filters, pageNumber] as const,
  config: ['ratings', 'config'] as const,
};

const paramsOf = (filters: TRatingFilters, pageNumber: number) => {
  const params: Record<string, string | number> = { pageNumber };
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  return params;
};

/** GET /ticketEvaluations: one page, with the average and distribution of everything the filters keep. */
export const useRatingList = (filters: TRatingFilters, pageNumber: number) =>
  useQuery({
    queryKey: ratingKeys.list(filters, pageNumber),
    queryFn: async () =>
      (await http.get<TTicketEvaluationList>('/ticketEvaluations', { params: paramsOf(filters, pageNumber) })).data,
    placeholderData: keepPreviousData,
  });

/** GET /tenants/rating: the scale and the texts the customer receives. */
export const useRatingConfig = () =>
  useQuery({
    queryKey: ratingKeys.config,
    queryFn: async () => (await http.get<TRating>('/tenants/rating')).data,
  });

export const useSaveRatingConfig = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rating: TRating) => (await http.put<TRating>('/tenants/rating', rating)).data,
    onSuccess: (saved) => client.setQueryData(ratingKeys.config, saved),
  });
};
