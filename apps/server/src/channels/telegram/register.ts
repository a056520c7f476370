import { ZTelegramConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupTelegram } from './telegram.js';

/** Telegram bots (webhook, or long polling where the server has no public URL). */
export const telegramProvider: TChannelProvider = {
  name: 'telegram',
  kinds: ['telegram'],
  configSchemas: { telegram: ZTelegramConfig },
  setup: ({ services, secrets, host, telegramPollerStopped }) =>
    setupTelegram(services, secrets, host, { onPollerStopped: telegramPollerStopped }),
};
