import { ZBaileysConfig } from '@prosa/contracts';
import type { TChannelProvider } from '../provider.js';
import { setupBaileys } from './baileys.js';

/** WhatsApp through Baileys, a linked device run in this server. */
export const baileysProvider: TChannelProvider = {
  name: 'baileys',
  kinds: ['baileys'],
  configSchemas: { baileys: ZBaileysConfig },
  setup: ({ services, secrets, host, baileysSocket, baileysReconnectTimer, instanceId }) =>
    setupBaileys(services, secrets, host, { socket: baileysSocket, instanceId, reconnectTimer: baileysReconnectTimer }),
};
