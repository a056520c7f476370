import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';

// Placeholder: the channel's adapter, session and webhook are being built.
export const setupSms = (_services: TServices, _secrets: TSecrets): FastifyPluginAsyncZod => async () => {};
