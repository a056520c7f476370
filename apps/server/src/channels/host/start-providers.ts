import type { FastifyInstance } from 'fastify';
import type { TProviderContext } from '../provider.js';
import { channelProviders } from '../registry.js';
import { createChannelHost } from './channel-host.js';

/**
 * Sets every registered provider up: its adapters join the server's channels, its routes are registered on
 * `app`, its sessions start when the server is ready and stop when it closes.
 */
export const startProviders = async (app: FastifyInstance, context: Omit<TProviderContext, 'host'>) => {
  const host = createChannelHost(context.services);
  for (const provider of channelProviders) {
    const runtime = provider.setup({ ...context, host });
    if (runtime.routes) await app.register(runtime.routes);
    const { start, stop } = runtime;
    if (start) app.addHook('onReady', start);
    if (stop) app.addHook('onClose', stop);
  }
};
