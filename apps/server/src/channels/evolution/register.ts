import { ZEvolutionConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupEvolution } from './evolution.js';

/** WhatsApp through an Evolution API server. */
export const evolutionProvider: TChannelProvider = {
  name: 'evolution',
  kinds: ['evolution'],
  configSchemas: { evolution: ZEvolutionConfig },
  setup: ({ services, secrets, host }) => ({ routes: setupEvolution(services, secrets, host) }),
};
