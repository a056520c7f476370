import { ZHubConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupHub } from './hub.js';

/** A messaging hub carrying several channels through one account. */
export const hubProvider: TChannelProvider = {
  name: 'hub',
  kinds: ['hub'],
  configSchemas: { hub: ZHubConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupHub(services, secrets, host) }),
};
