import type {
  TAiProvider,
  TAssistant,
  TAssistantHelp,
  TAssistantSettingsInput,
  TBot,
  TBotProvider,
  TBotSettingsInput,
} from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export const assistantKeys = {
  all: ['assistants'] as const,
  one: (provider: TAiProvider) => ['assistants', provider] as const,
};

/** GET /assistants (admins): every AI provider, configured or not, with this month's usage and the last error. */
export const useAssistants = (enabled = true) =>
  useQuery({
    queryKey: assistantKeys.all,
    queryFn: async () => (await http.get<TAssistant[]>('/assistants')).data,
    enabled,
    staleTime: 30_000,
  });

/** GET /assistants/:provider: one provider's settings (the key only as `hasApiKey` and its last characters). */
export const useAssistant = (provider: TAiProvider) =>
  useQuery({
    queryKey: assistantKeys.one(provider),
    queryFn: async () => (await http.get<TAssistant>(`/assistants/${provider}`)).data,
  });

/** PUT /assistants/:provider; `apiKey` left out keeps the stored key, '' removes it. */
export const useSaveAssistant = (provider: TAiProvider) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: TAssistantSettingsInput) =>
      (await http.put<TAssistant>(`/assistants/${provider}`, settings)).data,
    onSuccess: (saved) => {
      client.setQueryData(assistantKeys.one(provider), saved);
      void client.invalidateQueries({ queryKey: assistantKeys.all, exact: true });
    },
  });
};

export type THelpPurpose = 'suggestion' | 'summary';

/** POST /tickets/:id/assistant-suggestion | -summary: a reply to edit, or a summary of the conversation. */
export const useAssistantHelp = () =>
  useMutation({
    mutationFn: async ({ ticketId, purpose }: { ticketId: number; purpose: THelpPurpose }) =>
      (await http.post<TAssistantHelp>(`/tickets/${ticketId}/assistant-${purpose}`, {})).data,
  });

export const botKeys = { all: ['bots'] as const };

/** GET /bots (admins): the bots the tenant has saved (a provider not listed was never configured). */
export const useBots = (enabled = true) =>
  useQuery({
    queryKey: botKeys.all,
    queryFn: async () => (await http.get<TBot[]>('/bots')).data,
    enabled,
    staleTime: 30_000,
  });

/** PUT /bots/:provider; the secret left out keeps the stored one, '' removes it. */
export const useSaveBot = (provider: TBotProvider) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: TBotSettingsInput) => (await http.put<TBot>(`/bots/${provider}`, settings)).data,
    onSuccess: (saved) =>
      client.setQueryData<TBot[]>(botKeys.all, (bots = []) => [
        ...bots.filter((bot) => bot.provider !== saved.provider),
        saved,
      ]),
  });
};
