import { ZWabaConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupWaba } from './waba.js';

/** WhatsApp Cloud API (Meta). */
export const wabaProvider: TChannelProvider = {
  name: 'waba',
  kinds: ['waba'],
  configSchemas: { waba: ZWabaConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupWaba(services, secrets, host) }),
};
