import { ZZapiConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupZapi } from './zapi.js';

/** WhatsApp through Z-API. */
export const zapiProvider: TChannelProvider = {
  name: 'zapi',
  kinds: ['zapi'],
  configSchemas: { zapi: ZZapiConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupZapi(services, secrets, host) }),
};
