import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { lookupKeys } from '../../attendance/api/ticket-keys';
import { queueKeys } from '../../queues/api/queues-api';

/** The small lists a tenant keeps (queues, tags, quick messages, closing reasons): one REST shape, one set of hooks. */
export type TCatalogResource = 'queue' | 'tags' | 'fastreply' | 'reasons';

const queryKey = (resource: TCatalogResource) => ['catalog', resource] as const;

/** The workspace caches these lists too (composer "/" and the close dialog): refresh them on change. */
const workspaceKeys: Partial<Record<TCatalogResource, readonly unknown[]>> = {
  fastreply: lookupKeys.fastReplies,
  reasons: lookupKeys.reasons,
  queue: queueKeys.all,
};

export const useCatalog = <T>(resource: TCatalogResource) =>
  useQuery({ queryKey: queryKey(resource), queryFn: async () => (await http.get<T[]>(`/${resource}`)).data });

export const useCatalogMutations = <T, TInput>(resource: TCatalogResource) => {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: queryKey(resource) });
    const extra = workspaceKeys[resource];
    if (extra) await client.invalidateQueries({ queryKey: extra });
  };
  const save = useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: TInput }) =>
      id === null
        ? (await http.post<T>(`/${resource}`, input)).data
        : (await http.put<T>(`/${resource}/${id}`, input)).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/${resource}/${id}`);
    },
    onSuccess: refresh,
  });
  return { save, remove };
};
