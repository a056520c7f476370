import { ZWuzapiConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupWuzapi } from './wuzapi.js';

/** WhatsApp through a wuzapi server. */
export const wuzapiProvider: TChannelProvider = {
  name: 'wuzapi',
  kinds: ['wuzapi'],
  configSchemas: { wuzapi: ZWuzapiConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupWuzapi(services, secrets, host) }),
};
