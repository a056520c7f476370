import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TConnectionRow } from '../types.js';

/** Where a webhook's token is looked up: the channel host. */
type TConnectionLookup = Pick<TChannelHost, 'connectionByToken'>;

import { isSameSecret } from './same-secret.js';

/** The live connection of one type that a webhook URL's token names, or null. */
export const findHookConnection = async (lookup: TConnectionLookup, type: string, token: string) => {
  // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
  const connection = await lookup.connectionByToken(token);
  return connection?.type === type ? connection : null;
};

/**
 * The connection behind a webhook, once the proof its delivery carries (a secret in the URL, a header) is the
 * one `expectedOf` reads from the connection; a connection without one is never opened.
 */
export const authenticateHook = async (
  lookup: TConnectionLookup,
  hook: { type: string; token: string; given: string | null | undefined },
  expectedOf: (connection: TConnectionRow) => string | null,
) => {
  const connection = await findHookConnection(lookup, hook.type, hook.token);
  const expected = connection ? expectedOf(connection) : null;
  return connection && expected && isSameSecret(hook.given, expected) ? connection : null;
};

/**
 * A webhook route's gate: `onRequest` proves the delivery before its body is read (a stranger's delivery is
 * refused without parsing it) and keeps what it proved for the handler, which reads it with `provenOf`.
 */
export const createHookGate = <T extends object>(prove: (req: FastifyRequest) => Promise<T | null>) => {
  const proven = new WeakMap<FastifyRequest, T>();
  return {
    onRequest: async (req: FastifyRequest) => {
      const found = await prove(req);
      if (!found) throw new AppError('ERR_INVALID_TOKEN');
      proven.set(req, found);
    },
    provenOf: (req: FastifyRequest) => {
      const found = proven.get(req);
      if (!found) throw new AppError('ERR_INVALID_TOKEN');
      return found;
    },
  };
};

/** A header's value when it came once, as a string. */
export const headerOf = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * `POST <prefix>/:token/:secret`, the webhook of a provider that signs nothing and is given (or pasted) a URL:
 * the URL carries the connection's token and a secret of its own, proven in constant time before the body is
 * read. `receive` gets the proven connection and the parsed body.
 */
export const registerSecretUrlHook = (
  app: Parameters<FastifyPluginAsyncZod>[0],
  hook: {
    host: TConnectionLookup;
    prefix: string;
    type: string;
    secretOf: (connection: TConnectionRow) => string | null;
    receive: (connection: TConnectionRow, body: unknown) => Promise<unknown>;
  },
) => {
  const gate = createHookGate((req) => {
    const { token, secret } = req.params as { token: string; secret: string };
    return authenticateHook(hook.host, { type: hook.type, token: String(token), given: String(secret) }, hook.secretOf);
  });
  const ZParams = z.object({ token: z.string().max(200), secret: z.string().max(200) });
  app.post(
    `${hook.prefix}/:token/:secret`,
    { schema: { tags: ['channels'], params: ZParams }, onRequest: gate.onRequest },
    async (req) => hook.receive(gate.provenOf(req), req.body),
  );
};
