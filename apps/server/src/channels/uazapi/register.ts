import { ZUazapiConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupUazapi } from './uazapi.js';

/** WhatsApp through a uazapi server. */
export const uazapiProvider: TChannelProvider = {
  name: 'uazapi',
  kinds: ['uazapi'],
  configSchemas: { uazapi: ZUazapiConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupUazapi(services, secrets, host) }),
};
