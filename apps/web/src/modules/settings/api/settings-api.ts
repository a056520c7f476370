import {
  events,
  type TSetting,
  type TSettingKey,
  type TTenantSettings,
  type TVisibilitySettings,
  toTenantSettings,
  toVisibilitySettings,
} from '@prosa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { useRealtimeEvent } from './use-realtime-event';

export const settingsKeys = { all: ['settings'] as const };

/** Payload of `{tenantId}:settings`. */
export type TSettingsEvent = { action: 'update'; setting: TSetting };

/** The tenant's settings (every user reads them; the attendance list filters with them). */
export const useTenantSettings = () =>
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: async (): Promise<TTenantSettings> => toTenantSettings((await http.get<TSetting[]>('/settings')).data),
    staleTime: 60_000,
  });

/** The visibility part of the cached settings, or undefined while they have not arrived. */
export const cachedVisibilitySettings = (client: QueryClient): TVisibilitySettings | undefined => {
  const settings = client.getQueryData<TTenantSettings>(settingsKeys.all);
  return settings ? toVisibilitySettings(settings) : undefined;
};

/** Keeps the cached settings in step with `{tenantId}:settings`; `onChange` runs after each patch. */
export const useSettingsRealtime = (onChange?: (setting: TSetting) => void): void => {
  const client = useQueryClient();
  useRealtimeEvent<TSettingsEvent>(events.settings, (event) => {
    if (event?.action !== 'update') return;
    const { key, value } = event.setting;
    client.setQueryData<TTenantSettings>(settingsKeys.all, (current) =>
      current ? { ...current, [key]: value } : current,
    );
    onChange?.(event.setting);
  });
};

/** Saves one setting; the screen shows the new value at once and goes back if the server refuses. */
export const useSaveSetting = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: TSettingKey; value: string }) =>
      (await http.put<TSetting>(`/settings/${key}`, { value })).data,
    onMutate: async ({ key, value }) => {
      await client.cancelQueries({ queryKey: settingsKeys.all });
      const previous = client.getQueryData<TTenantSettings>(settingsKeys.all);
      if (previous) client.setQueryData(settingsKeys.all, { ...previous, [key]: value });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) client.setQueryData(settingsKeys.all, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
};
