import { createVisitorDoor } from '../host/visitor-door.js';
import type { TChannelProvider } from '../provider.js';
import { setupWebchat } from './webchat.js';

/** The web chat: the widget on the tenant's site, over the realtime socket. */
export const webchatProvider: TChannelProvider = {
  name: 'webchat',
  kinds: ['webchat'],
  configSchemas: {},
  setup: ({ services, jwtSecret, host }) => ({
    routes: setupWebchat(services, jwtSecret, host, createVisitorDoor(services)),
  }),
};
