import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { connected, down, downCheck, pairing, sessionAppError, sessionReason } from '../shared/session-states.js';
import type { TChannelSession, TConnectionCheck, TConnectionRow } from '../types.js';
import { type TWuzapiClient, type TWuzapiStatus, WuzapiError, wuzapiCreateEvents, wuzapiNumber } from './wuzapi-api.js';

/** Our user on the wuzapi server: its name and token, where it posts events, the key it signs them with. */
export type TWuzapiUserSpec = { name: string; token: string; webhookUrl: string; hmacKey: string };

type TSessionDeps = {
  log: FastifyBaseLogger;
  clientOf: (connection: TConnectionRow) => TWuzapiClient;
  userOf: (connection: TConnectionRow) => TWuzapiUserSpec;
  /** How often and how long to wait for the server's WhatsApp client (it starts in the background). */
  poll?: { attempts: number; delayMs: number };
};

/** Why the server could not be used, as a catalogue code (an unanswered call is an unreachable server here). */
export const wuzapiReason = (error: unknown): string =>
  sessionReason(error, (e) =>
    e instanceof WuzapiError ? (e.status === 0 ? 'ERR_WUZAPI_UNREACHABLE' : e.reason) : null,
  );

/** Not there yet: no client on the server (it starts in the background after a connect), or no answer. */
const isNotYet = (error: unknown) => error instanceof WuzapiError && (error.isNoSession || error.status === 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The session of a connection on its wuzapi server: one wuzapi user per connection, created on the first start
 * (after looking it up by its token), with our HMAC key and webhook set (again) on every start so that a changed
 * public URL follows, then its WhatsApp client connected: connected, or a QR code to read.
 */
export const createWuzapiSession = ({
  log,
  clientOf,
  userOf,
  poll = { attempts: 10, delayMs: 500 },
}: TSessionDeps): TChannelSession & { check: (connection: TConnectionRow) => Promise<TConnectionCheck> } => {
  /** The user exists with our webhook and key; its WhatsApp client is started (or already was). */
  const prepare = async (connection: TConnectionRow) => {
    const client = clientOf(connection);
    const user = userOf(connection);
    const users = await client.listUsers();
    if (!users.some((existing) => existing.token === user.token))
      await client
        .addUser({ name: user.name, token: user.token, webhook: user.webhookUrl, events: wuzapiCreateEvents })
        .catch((error: unknown) => {
          // Made meanwhile by another start: the same token, so the same user.
          if (!(error instanceof WuzapiError && error.status === 409)) throw error;
        });
    await client.setHmacKey(user.hmacKey).catch((error: unknown) => {
      if (!(error instanceof WuzapiError) || error.status === 0 || error.status === 401) throw error;
      // Releases without signing (404), or a server without WUZAPI_GLOBAL_ENCRYPTION_KEY: the form's token
      // field is then what proves its webhooks.
      log.warn({ err: error, connectionId: connection.id }, 'wuzapi did not take the webhook HMAC key');
    });
    await client.setWebhook(user.webhookUrl);
    await client.connect().catch((error: unknown) => {
      if (!(error instanceof WuzapiError && /already connected/i.test(error.detail))) throw error;
    });
    return client;
  };

  /** The client's status once the server has one, or null when it never showed up. */
  const settledStatus = async (client: TWuzapiClient, ready: (status: TWuzapiStatus) => boolean) => {
    for (let attempt = 0; attempt < poll.attempts; attempt += 1) {
      const status = await client.status().catch((error: unknown) => {
        if (isNotYet(error)) return null;
        throw error;
      });
      if (status && ready(status)) return status;
      await sleep(poll.delayMs);
    }
    return null;
  };

  /** The QR code to read, once the client made it ('' for a while after connecting). */
  const qrOf = async (client: TWuzapiClient) => {
    for (let attempt = 0; attempt < poll.attempts; attempt += 1) {
      const qr = await client.qr().catch((error: unknown) => {
        if (isNotYet(error)) return '';
        throw error;
      });
      if (qr.startsWith('data:image/')) return qr;
      await sleep(poll.delayMs);
    }
    return null;
  };

  return {
    start: async (connection) => {
      try {
        const client = await prepare(connection);
        const status = await settledStatus(client, (s) => s.loggedIn || s.connected);
        if (status?.loggedIn) return connected(wuzapiNumber(status.jid));
        if (!status) return pairing(null);
        // Without a QR yet, the `QR` webhook brings it (or the admin asks again).
        return pairing(await qrOf(client));
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'wuzapi session did not start');
        return down(wuzapiReason(error));
      }
    },

    pair: async (connection, phone) => {
      try {
        const client = await prepare(connection);
        const status = await settledStatus(client, (s) => s.loggedIn || s.connected);
        if (status?.loggedIn) throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
        let code = '';
        for (let attempt = 0; attempt < poll.attempts && !code; attempt += 1) {
          code = await client.pairPhone(phone).catch((error: unknown) => {
            if (isNotYet(error)) return '';
            throw error;
          });
          if (!code) await sleep(poll.delayMs);
        }
        if (!code) throw new WuzapiError(500, 'no linking code in the answer', false);
        const qrcode = await client.qr().catch(() => '');
        return { code, state: pairing(qrcode.startsWith('data:image/') ? qrcode : null) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.warn({ err: error, connectionId: connection.id }, 'wuzapi pairing code not made');
        throw sessionAppError(wuzapiReason(error), 'ERR_WAPP_NOT_INITIALIZED');
      }
    },

    logout: async (connection) => {
      try {
        await clientOf(connection).logout();
      } catch (error) {
        // No client, not logged in, or the user gone from the server: no number is linked there.
        const gone = error instanceof WuzapiError && (error.isNoSession || (error.status === 401 && !error.admin));
        // The number stays linked on the phone: the admin hears why rather than a false "disconnected".
        if (!gone) throw sessionAppError(wuzapiReason(error), 'ERR_SENDING_WAPP_MSG');
      }
      return down(null);
    },

    remove: async (connection) => {
      try {
        const client = clientOf(connection);
        const { token } = userOf(connection);
        await client.logout().catch(() => undefined);
        const user = (await client.listUsers()).find((existing) => existing.token === token);
        if (user) await client.deleteUser(user.id);
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'wuzapi user not removed from the server');
      }
    },

    check: async (connection) => {
      try {
        const status = await clientOf(connection).status();
        return status.loggedIn && status.connected
          ? { status: 'CONNECTED', number: wuzapiNumber(status.jid), error: null }
          : downCheck('ERR_WAPP_NOT_INITIALIZED');
      } catch (error) {
        return downCheck(wuzapiReason(error));
      }
    },
  };
};
