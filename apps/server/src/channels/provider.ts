import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { TSecrets } from '../platform/secrets.js';
import type { TServices } from '../platform/services.js';
import type { TReconnectTimer } from './baileys/baileys-sessions.js';
import type { TBaileysSocketFactory } from './baileys/baileys-socket.js';
import type { TChannelHost } from './host/channel-host.js';

/** What start-up hands every provider: the server's services and the seams its tests replace. */
export type TProviderContext = {
  services: TServices;
  /** Seals and opens the credentials in connections' settings. */
  secrets: TSecrets;
  /** Signs the web chat's visitor tokens. */
  jwtSecret: string;
  /** This process among the instances sharing the database (owner of the stateful sessions it runs). */
  instanceId: string;
  /** Baileys' socket factory: a fake in tests and the demo (production uses the library's makeWASocket). */
  baileysSocket?: TBaileysSocketFactory;
  /** Where Baileys schedules reconnects after a drop: real timers, or a test's. */
  baileysReconnectTimer?: TReconnectTimer;
  /** Told when a Telegram long-polling loop ends (tests wait on it instead of a pause). */
  telegramPollerStopped?: (connectionId: number) => void;
  /** The door to the modules: what a provider reports goes in through it, and the lookups it needs. */
  host: TChannelHost;
};

/** A provider once set up: its webhook routes and the life of the sessions it keeps in this process. */
export type TProviderRuntime = {
  /** The provider's webhooks (and other public routes), registered where inbound text is cleaned. */
  routes?: FastifyPluginAsyncZod;
  /** Starts what runs in this process once the server is ready (sockets, pollers). */
  start?: () => Promise<void>;
  /** Stops it when the server closes. */
  stop?: () => Promise<void>;
};

/**
 * One channel provider as the registry lists it: the connection kinds it serves, the settings each kind takes
 * from an admin, and its factory (registers its adapters with the server and returns its runtime).
 */
export type TChannelProvider = {
  name: string;
  kinds: readonly string[];
  /** The settings an admin sends for each kind (the contracts' schema); kinds without settings have none. */
  configSchemas: Readonly<Record<string, ZodType>>;
  setup: (context: TProviderContext) => TProviderRuntime;
};
