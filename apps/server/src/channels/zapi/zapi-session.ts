import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { connected, down, downCheck, pairing, sessionAppError, sessionReason } from '../shared/session-states.js';
import type { TChannelSession, TConnectionCheck, TConnectionRow } from '../types.js';
import { type TZapiClient, ZapiError } from './zapi-api.js';

type TSessionDeps = {
  log: FastifyBaseLogger;
  /** Z-API's root: Z-API proper is https and refuses webhooks to plain http. */
  apiUrl: string;
  clientOf: (connection: TConnectionRow) => TZapiClient;
  /** Where Z-API posts this connection's events (the URL carries the connection's token and secret). */
  webhookUrlOf: (connection: TConnectionRow) => string;
};

/** Why Z-API could not be used, as a catalogue code. */
export const zapiReason = (error: unknown): string =>
  sessionReason(error, (e) => (e instanceof ZapiError ? e.reason : null));

/** Z-API's QR image is a PNG, as a data URL or bare base64. */
const asDataUrl = (value: string) => (value.startsWith('data:image/') ? value : `data:image/png;base64,${value}`);

/**
 * The session of a connection on its Z-API instance. The instance is the customer's (made in Z-API's panel,
 * paid there): we pair it, register our webhook on it and log it out, never create or delete it.
 */
export const createZapiSession = ({
  log,
  apiUrl,
  clientOf,
  webhookUrlOf,
}: TSessionDeps): TChannelSession & { check: (connection: TConnectionRow) => Promise<TConnectionCheck> } => {
  /**
   * Points every webhook of the instance at us, again on every start so that a changed PUBLIC_URL follows.
   * Z-API only posts to https: without an https PUBLIC_URL the session still pairs and sends, and its state
   * says why nothing comes in (null when the webhook is set).
   */
  const registerWebhooks = async (connection: TConnectionRow, client: TZapiClient) => {
    const url = webhookUrlOf(connection);
    const https = url.startsWith('https://');
    if (!https && apiUrl.startsWith('https://')) return 'ERR_ZAPI_WEBHOOK_HTTPS';
    try {
      await client.setWebhooks(url);
      return null;
    } catch (error) {
      // A Z-API-compatible server on plain http (a local one, the demo's fake) may take an http URL; if not, why.
      if (!https && error instanceof ZapiError && !error.isCredentials && error.status >= 400 && error.status < 500)
        return 'ERR_ZAPI_WEBHOOK_HTTPS';
      throw error;
    }
  };

  /** The paired number in E.164, when Z-API tells (a failure here must not fail the session). */
  const numberOf = async (client: TZapiClient) => {
    const phone = await client
      .device()
      .then((device) => device.phone?.replace(/\D/g, '') ?? '')
      .catch(() => '');
    return phone ? `+${phone}` : null;
  };

  return {
    start: async (connection) => {
      try {
        const client = clientOf(connection);
        const status = await client.status();
        const error = await registerWebhooks(connection, client);
        // `error` says why no webhook comes in (null when it is set): the session works without it.
        if (status.connected) return { ...connected(await numberOf(client)), error };
        // WhatsApp renews the QR every 20 s: each start (the card's "new QR code") asks for the current one.
        const qr = await client.qrCodeImage();
        if (qr.connected) return { ...connected(await numberOf(client)), error };
        return { ...pairing(qr.value ? asDataUrl(qr.value) : null), error };
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'zapi session did not start');
        return down(zapiReason(error));
      }
    },

    pair: async (connection, phone) => {
      try {
        const client = clientOf(connection);
        if ((await client.status()).connected) throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
        const error = await registerWebhooks(connection, client);
        const answer = await client.phoneCode(phone);
        const code = answer.code ?? answer.value;
        if (!code) throw new ZapiError(500, 'no pairing code in the answer');
        return { code, state: { ...pairing(null), error } };
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.warn({ err: error, connectionId: connection.id }, 'zapi pairing code not made');
        throw sessionAppError(zapiReason(error), 'ERR_WAPP_NOT_INITIALIZED');
      }
    },

    logout: async (connection) => {
      try {
        await clientOf(connection).disconnect();
      } catch (error) {
        // Already unpaired is what was asked; anything else leaves the number linked, and the admin hears why.
        if (!(error instanceof ZapiError && error.isNotConnected))
          throw sessionAppError(zapiReason(error), 'ERR_SENDING_WAPP_MSG');
      }
      return down(null);
    },

    remove: async (connection) => {
      try {
        await clientOf(connection).disconnect();
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'zapi instance not disconnected');
      }
    },

    check: async (connection) => {
      try {
        const status = await clientOf(connection).status();
        return status.connected
          ? { status: 'CONNECTED', number: null, error: null }
          : downCheck('ERR_WAPP_NOT_INITIALIZED');
      } catch (error) {
        return downCheck(zapiReason(error));
      }
    },
  };
};
