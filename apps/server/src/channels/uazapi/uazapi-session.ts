import { isErrorCode } from '@prosa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import {
  ChannelSendError,
  type TChannelSession,
  type TConnectionCheck,
  type TConnectionRow,
  type TSessionState,
} from '../types.js';
import { createUazapiAdminClient, type TUazapiClient, type TUazapiState, UazapiError } from './uazapi-api.js';
import { uazapiInstanceName } from './uazapi-config.js';

type TSessionDeps = {
  log: FastifyBaseLogger;
  /** The server and its admin token (opened). */
  serverOf: (connection: TConnectionRow) => { baseUrl: string; adminToken: string };
  /** The instance's calls, once its token is known. */
  clientOf: (connection: TConnectionRow, token?: string) => TUazapiClient;
  /** The instance token stored for the connection (opened), or null before the first start. */
  instanceTokenOf: (connection: TConnectionRow) => string | null;
  saveInstanceToken: (connection: TConnectionRow, token: string) => Promise<void>;
  webhookUrlOf: (connection: TConnectionRow) => string;
};

/** Why the server could not be used, as a catalogue code. */
export const uazapiReason = (error: unknown): string => {
  if (error instanceof UazapiError || error instanceof ChannelSendError) return error.reason;
  return 'ERR_WAPP_NOT_INITIALIZED';
};

const down = (error: string | null): TSessionState => ({ status: 'DISCONNECTED', number: null, qrcode: null, error });

/** uazapi's QR is a PNG data URL; bare base64 is made one. */
const asDataUrl = (value: string) => (value.startsWith('data:image/') ? value : `data:image/png;base64,${value}`);

const isConnected = (state: TUazapiState | null) =>
  state?.instance?.status === 'connected' || state?.status?.connected === true || state?.connected === true;

/** The paired number (digits): the logged-in JID's user, or the instance's owner. */
const numberOf = (state: TUazapiState) => {
  const jid = state.status?.jid ?? state.jid;
  const user = typeof jid === 'string' ? jid.split(/[@:]/)[0] : jid?.user;
  const digits = (user || state.instance?.owner || '').replace(/\D/g, '');
  return digits ? `+${digits}` : null;
};

const connectedAs = (state: TUazapiState): TSessionState => ({
  status: 'CONNECTED',
  number: numberOf(state),
  qrcode: null,
  error: null,
});

/**
 * The session of a connection on its uazapi server: one instance per connection, made with the admin token on
 * the first start (its token kept, sealed) and made again when the server no longer knows it; our webhook is
 * registered on every start so that a changed public URL follows.
 */
export const createUazapiSession = (
  deps: TSessionDeps,
): TChannelSession & { check: (connection: TConnectionRow) => Promise<TConnectionCheck> } => {
  const { log, serverOf, clientOf, instanceTokenOf, saveInstanceToken, webhookUrlOf } = deps;

  /** The connection's instance and its state (null for one just made), creating it where missing. */
  const openInstance = async (connection: TConnectionRow) => {
    const known = instanceTokenOf(connection);
    if (known) {
      const client = clientOf(connection, known);
      try {
        return { client, state: (await client.status()) as TUazapiState | null };
      } catch (error) {
        if (!(error instanceof UazapiError && error.isInstanceGone)) throw error;
        log.info({ connectionId: connection.id }, 'uazapi instance gone from the server: making a new one');
      }
    }
    const made = await createUazapiAdminClient(serverOf(connection)).init(uazapiInstanceName(connection));
    if (!made.token) throw new UazapiError(500, 'no instance token in the answer', false, true);
    await saveInstanceToken(connection, made.token);
    return { client: clientOf(connection, made.token), state: null };
  };

  const openWithWebhook = async (connection: TConnectionRow) => {
    const opened = await openInstance(connection);
    await opened.client.setWebhook(webhookUrlOf(connection));
    return opened;
  };

  return {
    start: async (connection) => {
      try {
        const { client, state } = await openWithWebhook(connection);
        if (state && isConnected(state)) return connectedAs(state);
        // A closed session starts pairing; one that is pairing answers its current QR.
        const answer = await client.connect();
        if (isConnected(answer)) return connectedAs(answer);
        // The QR may come a moment after the answer: asked once more, else the `connection` webhook brings it.
        const qrcode = answer.instance?.qrcode || (await client.status()).instance?.qrcode;
        return qrcode
          ? { status: 'qrcode', number: null, qrcode: asDataUrl(qrcode), error: null }
          : { status: 'OPENING', number: null, qrcode: null, error: null };
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'uazapi session did not start');
        return down(uazapiReason(error));
      }
    },

    pair: async (connection, phone) => {
      try {
        const { client, state } = await openWithWebhook(connection);
        if (state && isConnected(state)) throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
        const answer = await client.connect(phone);
        if (isConnected(answer)) throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
        const code = answer.instance?.paircode;
        if (!code) throw new UazapiError(500, 'no pairing code in the answer');
        const qrcode = answer.instance?.qrcode ? asDataUrl(answer.instance.qrcode) : null;
        return { code, state: { status: qrcode ? 'qrcode' : 'OPENING', number: null, qrcode, error: null } };
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.warn({ err: error, connectionId: connection.id }, 'uazapi pairing code not made');
        const reason = uazapiReason(error);
        throw new AppError(isErrorCode(reason) ? reason : 'ERR_WAPP_NOT_INITIALIZED');
      }
    },

    logout: async (connection) => {
      const token = instanceTokenOf(connection);
      if (!token) return down(null);
      try {
        await clientOf(connection, token).disconnect();
      } catch (error) {
        // An instance the server no longer knows has no number linked.
        if (!(error instanceof UazapiError && error.isInstanceGone)) {
          const reason = uazapiReason(error);
          // The number stays linked on the phone: the admin hears why rather than a false "disconnected".
          throw new AppError(isErrorCode(reason) ? reason : 'ERR_SENDING_WAPP_MSG');
        }
      }
      return down(null);
    },

    remove: async (connection) => {
      const token = instanceTokenOf(connection);
      if (!token) return;
      try {
        // Deleting the instance also unlinks the number from the phone.
        await clientOf(connection, token).deleteInstance();
      } catch (error) {
        if (!(error instanceof UazapiError && error.isInstanceGone))
          log.warn({ err: error, connectionId: connection.id }, 'uazapi instance not removed from the server');
      }
    },

    check: async (connection) => {
      try {
        const token = instanceTokenOf(connection);
        if (!token) return { status: 'DISCONNECTED', number: null, error: 'ERR_WAPP_NOT_INITIALIZED' };
        const state = await clientOf(connection, token).status();
        return isConnected(state)
          ? { status: 'CONNECTED', number: numberOf(state), error: null }
          : { status: 'DISCONNECTED', number: null, error: 'ERR_WAPP_NOT_INITIALIZED' };
      } catch (error) {
        return { status: 'DISCONNECTED', number: null, error: uazapiReason(error) };
      }
    },
  };
};
