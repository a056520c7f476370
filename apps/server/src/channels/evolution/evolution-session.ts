import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { TProxyRoute } from '../../platform/proxy.js';
import { connected, down, downCheck, pairing, sessionAppError, sessionReason } from '../shared/session-states.js';
import type { TChannelSession, TConnectionCheck, TConnectionRow } from '../types.js';
import { EvolutionError, type TEvolutionClient } from './evolution-api.js';

type TSessionDeps = {
  log: FastifyBaseLogger;
  clientOf: (connection: TConnectionRow) => TEvolutionClient;
  /** Where the gateway posts this connection's events, and the header that proves it is the gateway. */
  webhookOf: (connection: TConnectionRow) => { url: string; headers: Record<string, string> };
  /** The connection's proxy, opened (null: direct). */
  proxyOf: (connection: TConnectionRow) => TProxyRoute | null;
};

/** Why the gateway could not be used, as a catalogue code (an unanswered call is an unreachable gateway here). */
export const evolutionReason = (error: unknown): string =>
  sessionReason(error, (e) =>
    e instanceof EvolutionError ? (e.status === 0 ? 'ERR_EVOLUTION_UNREACHABLE' : e.reason) : null,
  );

/** Evolution tried the proxy and could not go out through it. */
const isInvalidProxy = (error: unknown) =>
  error instanceof EvolutionError && error.status === 400 && /invalid proxy/i.test(JSON.stringify(error.details));

const isMissing = (error: unknown) => error instanceof EvolutionError && error.status === 404;
/** Evolution answers 400 "instance is not connected" to a logout of a session that is already closed. */
const isNotConnected = (error: unknown) => error instanceof EvolutionError && error.status === 400;

/**
 * Lets group messages and members' joins and leaves reach our webhook (the group tools): Evolution drops them while
 * the instance's `groupsIgnore` is on, as instances made before the group tools were. `/settings/set` wants every
 * flag, so the others are sent back as they were. Best effort: a gateway that refuses leaves groups out.
 */
const receiveGroups = async (client: TEvolutionClient, log: FastifyBaseLogger, connection: TConnectionRow) => {
  try {
    const current = await client.settings();
    if (current?.groupsIgnore === false) return;
    await client.setSettings({
      rejectCall: current?.rejectCall === true,
      msgCall: current?.msgCall ?? '',
      groupsIgnore: false,
      alwaysOnline: current?.alwaysOnline === true,
      readMessages: current?.readMessages === true,
      readStatus: current?.readStatus === true,
      syncFullHistory: current?.syncFullHistory === true,
      ...(current?.wavoipToken ? { wavoipToken: current.wavoipToken } : {}),
    });
  } catch (err) {
    log.warn({ err, connectionId: connection.id }, 'evolution instance still ignores groups');
  }
};

/**
 * The session of a connection on its Evolution gateway: one instance per connection, created on the first
 * start, with our webhook registered (again) on every start so that a changed public URL or secret follows.
 */
export const createEvolutionSession = ({
  log,
  clientOf,
  webhookOf,
  proxyOf,
}: TSessionDeps): TChannelSession & {
  check: (connection: TConnectionRow) => Promise<TConnectionCheck>;
  applyProxy: (connection: TConnectionRow) => Promise<void>;
} => ({
  start: async (connection) => {
    try {
      const client = clientOf(connection);
      const state = await client.connectionState().catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (state === null) {
        await client.createInstance();
        // A new instance (first start, or one deleted on the gateway) goes out through the proxy from its first QR.
        const proxy = proxyOf(connection);
        if (proxy) await client.setProxy(proxy);
      }
      const webhook = webhookOf(connection);
      await client.setWebhook(webhook.url, webhook.headers);
      if (state !== null) await receiveGroups(client, log, connection);
      if (state === 'open') return connected();
      // A closed session starts pairing; one that is pairing answers its current QR (Baileys renews it every 20 s).
      const qr = await client.connect();
      if (qr.instance?.state === 'open') return connected();
      return pairing(qr.base64);
    } catch (error) {
      log.warn({ err: error, connectionId: connection.id }, 'evolution session did not start');
      return down(evolutionReason(error));
    }
  },

  pair: async (connection, phone) => {
    try {
      const client = clientOf(connection);
      const state = await client.connectionState().catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (state === 'open') throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
      if (state === null) await client.createInstance();
      const webhook = webhookOf(connection);
      await client.setWebhook(webhook.url, webhook.headers);
      if (state !== null) await receiveGroups(client, log, connection);
      const answer = await client.connect(phone);
      if (!answer.pairingCode) throw new EvolutionError(500, null, 'no pairing code in the answer');
      return { code: answer.pairingCode, state: pairing(answer.base64) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error, connectionId: connection.id }, 'evolution pairing code not made');
      throw sessionAppError(evolutionReason(error), 'ERR_WAPP_NOT_INITIALIZED');
    }
  },

  /**
   * Tells the gateway the connection's proxy (or that there is none any more), creating the instance first when
   * the gateway has none yet. A proxy the gateway cannot go out through is refused with ERR_PROXY_REJECTED.
   */
  applyProxy: async (connection) => {
    try {
      const client = clientOf(connection);
      await client.setProxy(proxyOf(connection)).catch(async (error: unknown) => {
        if (!isMissing(error)) throw error;
        await client.createInstance();
        await client.setProxy(proxyOf(connection));
      });
    } catch (error) {
      if (isInvalidProxy(error)) throw new AppError('ERR_PROXY_REJECTED', { field: 'url' });
      log.warn({ err: error, connectionId: connection.id }, 'evolution proxy not set');
      throw sessionAppError(evolutionReason(error), 'ERR_EVOLUTION_UNREACHABLE');
    }
  },

  logout: async (connection) => {
    try {
      await clientOf(connection).logout();
    } catch (error) {
      // The number stays linked on the phone: the admin hears why rather than a false "disconnected".
      if (!isMissing(error) && !isNotConnected(error))
        throw sessionAppError(evolutionReason(error), 'ERR_SENDING_WAPP_MSG');
    }
    return down(null);
  },

  remove: async (connection) => {
    try {
      const client = clientOf(connection);
      // Evolution deletes only a session that is not open: log it out first.
      await client.logout().catch(() => undefined);
      await client.deleteInstance().catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    } catch (error) {
      log.warn({ err: error, connectionId: connection.id }, 'evolution instance not removed from the gateway');
    }
  },

  check: async (connection) => {
    try {
      const state = await clientOf(connection).connectionState();
      return state === 'open'
        ? { status: 'CONNECTED', number: null, error: null }
        : downCheck('ERR_WAPP_NOT_INITIALIZED');
    } catch (error) {
      return downCheck(evolutionReason(error));
    }
  },
});
