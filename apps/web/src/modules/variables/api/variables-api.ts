import type { TTenantVariable, TTenantVariableBody } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

/** The tenant's own variables: `/configuracoes/variaveis` and every variables menu read this one cache. */
export const variableKeys = { all: ['variables'] as const };

export const useVariables = (enabled = true) =>
  useQuery({
    queryKey: variableKeys.all,
    queryFn: async () => (await http.get<TTenantVariable[]>('/variables')).data,
    enabled,
    staleTime: 60_000,
  });

export const useSaveVariable = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TTenantVariableBody }) =>
      id === null
        ? (await http.post<TTenantVariable>('/variables', body)).data
        : (await http.put<TTenantVariable>(`/variables/${id}`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: variableKeys.all }),
  });
};

export const useDeleteVariable = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/variables/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: variableKeys.all }),
  });
};
