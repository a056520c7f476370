import type { TChannelProvider } from '../provider.js';
import { setupWebchat } from './webchat.js';

/** The web chat: the widget on the tenant's site, over the realtime socket. */
export const webchatProvider: TChannelProvider = {
  name: 'webchat',
  kinds: ['webchat'],
  configSchemas: {},
  setup: ({ services, jwtSecret }) => ({ routes: setupWebchat(services, jwtSecret) }),
};
