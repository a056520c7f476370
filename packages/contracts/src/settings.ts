import { z } from 'zod';
import type { TVisibilitySettings } from './ticket-visibility.js';

/**
 * The tenant's key/value settings (domain reference 2.15), with their defaults. Toggles hold 'enabled' or
 * 'disabled' as the family stores them, so existing clients of the family keep reading them.
 */
export const settingDefaults = {
  // Visibility (§5): these feed the ticket visibility rules.
  NotViewTicketsChatBot: 'disabled',
  DirectTicketsToWallets: 'disabled',
  NotViewAssignedTickets: 'disabled',
  showClosedForAll: 'disabled',
  showGroupsForAll: 'disabled',
  nullTickets: 'disabled',
  supervisorAdmin: 'disabled',
  // Attendance.
  forceReason: 'disabled',
  allowPause: 'enabled',
  listByLastMessage: 'enabled',
  signed: 'disabled',
  userRating: 'disabled',
  // Channel hygiene. `ignoreGroupMsg` starts off (the family's starts on): group conversations kept arriving
  // before the setting was read, and a tenant that never touched it keeps them.
  ignoreGroupMsg: 'disabled',
  rejectCalls: 'disabled',
  callRejectMessage:
    'As chamadas de voz e vídeo estão desabilitadas para este WhatsApp, por favor envie uma mensagem de texto.',
  // Auto-close: open tickets quiet for this many minutes are closed after `autoCloseMessage` ('0': off).
  autoClose: '0',
  autoCloseMessage:
    'Este atendimento foi encerrado por falta de interação. Se precisar, é só nos enviar uma nova mensagem.',
  // Business hours: an agent's own hours instead of the tenant's; absence messages per ticket at most;
  // where an out-of-hours ticket goes (a queue id, '' to stay).
  useUserBusinessHours: 'disabled',
  maxRetries: '1',
  outOfHoursQueueId: '',
  // Chat flows: the flow new tickets enter when their connection names none (a chat flow id, '' for none).
  botTicketActive: '',
  // Assistants and bots: hold a burst of customer messages for one answer (each assistant's window); never
  // answer a contact whose wallet names an agent.
  waitProcessing: 'enabled',
  shutdownWallet: 'disabled',
  // Campaigns: whether a customer's reply to a campaign opens a pending ticket (off: it stays in the campaign's
  // closed ticket for 72 h), and the words that opt a contact out of every later campaign.
  campaignRepliesOpenTickets: 'disabled',
  campaignOptOutWords: 'SAIR,PARAR',
  // Integrations: the family's `semRedis` toggle (POST /noRedis), stored for its clients; nothing here reads it.
  noRedis: 'enabled',
} as const;

export type TSettingKey = keyof typeof settingDefaults;
export const settingKeys = Object.keys(settingDefaults) as [TSettingKey, ...TSettingKey[]];
export const ZSettingKey = z.enum(settingKeys);

/** Keys whose value is a toggle ('enabled' / 'disabled'); the others are free text. */
export const isToggleSetting = (key: TSettingKey): boolean =>
  settingDefaults[key] === 'enabled' || settingDefaults[key] === 'disabled';

export const ZSettingValue = z.string().trim().max(2000);
export const ZSetting = z.object({ key: ZSettingKey, value: z.string() });
export type TSetting = z.infer<typeof ZSetting>;
export const ZSettingUpdate = z.object({ value: ZSettingValue });

/** The auto-close choices, in minutes: off, 10 min, 1 h, 1 day, 5 days, 10 days. */
export const autoCloseMinutes = ['0', '10', '60', '1440', '7200', '14400'] as const;
export const isAutoCloseValue = (value: string): boolean => (autoCloseMinutes as readonly string[]).includes(value);

export type TTenantSettings = { [K in TSettingKey]: string };

export const defaultTenantSettings: TTenantSettings = { ...settingDefaults };

/** A list of stored rows over the defaults (unknown keys dropped). */
export const toTenantSettings = (rows: readonly { key: string; value: string }[]): TTenantSettings => {
  const settings: TTenantSettings = { ...settingDefaults };
  for (const row of rows) if (row.key in settingDefaults) settings[row.key as TSettingKey] = row.value;
  return settings;
};

const isOn = (value: string) => value === 'enabled';

/** What the visibility rules (§5) read of the tenant's settings. */
export const toVisibilitySettings = (settings: TTenantSettings): TVisibilitySettings => ({
  notViewTicketsChatBot: isOn(settings.NotViewTicketsChatBot),
  directTicketsToWallets: isOn(settings.DirectTicketsToWallets),
  notViewAssignedTickets: isOn(settings.NotViewAssignedTickets),
  showClosedToEverybody: isOn(settings.showClosedForAll),
  showGroupsToAll: isOn(settings.showGroupsForAll),
  nullTickets: isOn(settings.nullTickets),
  supervisorAdmin: isOn(settings.supervisorAdmin),
});
