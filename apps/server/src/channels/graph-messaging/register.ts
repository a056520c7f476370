import { ZInstagramConfig, ZMessengerConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupGraphMessaging } from './graph-messaging.js';

/** Instagram Direct and Facebook Messenger (Meta's Graph API). */
export const graphMessagingProvider: TChannelProvider = {
  name: 'graph-messaging',
  kinds: ['instagram', 'messenger'],
  configSchemas: { instagram: ZInstagramConfig, messenger: ZMessengerConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupGraphMessaging(services, secrets, host) }),
};
