import type { FastifyBaseLogger } from 'fastify';
import { connected, down, sessionAppError, sessionReason } from '../shared/session-states.js';
import type { TChannelSession, TConnectionRow } from '../types.js';
import { HubError, type THubClient } from './hub-api.js';
import { readHubConfig } from './hub-config.js';

type TSessionDeps = {
  log: FastifyBaseLogger;
  clientOf: (connection: TConnectionRow) => THubClient;
  /** Where the Hub posts this connection's events (the URL carries the connection's token and secret). */
  webhookUrlOf: (connection: TConnectionRow) => string;
  /** Keeps the Hub's id of our subscription in the connection's settings (null: none). */
  saveSubscription: (connection: TConnectionRow, subscriptionId: string | null) => Promise<void>;
};

const reasonOf = (error: unknown) => sessionReason(error, (e) => (e instanceof HubError ? e.subscribeReason : null));

/**
 * A Hub connection's "session" is its webhook subscription: the channel itself is connected in the Hub's panel
 * (paid there), so there is no QR code. Starting subscribes our webhook (which also proves the API token and the
 * channel token), logging out and removing delete the subscription.
 */
export const createHubSession = ({ log, clientOf, webhookUrlOf, saveSubscription }: TSessionDeps): TChannelSession => {
  /** Deletes a subscription; one the Hub no longer has is what was asked. */
  const unsubscribe = async (client: THubClient, id: string) => {
    try {
      await client.unsubscribe(id);
    } catch (error) {
      if (!(error instanceof HubError && error.status === 404)) throw error;
    }
  };

  return {
    /**
     * Subscribes our webhook anew on every start, so that a changed PUBLIC_URL or channel token follows; the
     * previous subscription goes after the new one exists (a message posted to both is stored once).
     */
    start: async (connection) => {
      try {
        const client = clientOf(connection);
        const previous = readHubConfig(connection).subscriptionId ?? null;
        const made = await client.subscribe(
          String(readHubConfig(connection).hubChannelToken),
          webhookUrlOf(connection),
        );
        const id = typeof made.id === 'string' || typeof made.id === 'number' ? String(made.id) : null;
        await saveSubscription(connection, id);
        if (previous && previous !== id)
          await unsubscribe(client, previous).catch((err: unknown) =>
            log.warn({ err, connectionId: connection.id }, 'previous hub subscription not deleted'),
          );
        return connected();
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'hub subscription not made');
        return down(reasonOf(error));
      }
    },

    logout: async (connection) => {
      const id = readHubConfig(connection).subscriptionId;
      if (id) {
        try {
          await unsubscribe(clientOf(connection), id);
        } catch (error) {
          // The webhook would keep posting here: the admin hears why it could not be stopped.
          throw sessionAppError(reasonOf(error), 'ERR_HUB_UNREACHABLE');
        }
        await saveSubscription(connection, null);
      }
      return down(null);
    },

    remove: async (connection) => {
      const id = readHubConfig(connection).subscriptionId;
      if (!id) return;
      try {
        await unsubscribe(clientOf(connection), id);
      } catch (error) {
        // The connection is gone either way: its token no longer opens our webhook.
        log.warn({ err: error, connectionId: connection.id }, 'hub subscription not deleted');
      }
    },
  };
};
