import { ZSmsConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupSms } from './sms.js';

/** SMS through a gateway. */
export const smsProvider: TChannelProvider = {
  name: 'sms',
  kinds: ['sms'],
  configSchemas: { sms: ZSmsConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupSms(services, secrets, host) }),
};
