import { receiveCall } from '../../modules/calls/receive-call.js';
import { setConnectionStatus } from '../../modules/connections/connection-status.js';
import {
  findConnection,
  findConnectionByToken,
  updateConnectionRow,
} from '../../modules/connections/connections.service.js';
import { updateContact } from '../../modules/contacts/update-contact.js';
import { applyGroupParticipants } from '../../modules/group-tools/apply-group-participants.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { importHistory } from '../../modules/messages/import-history.js';
import { contentTypeOf } from '../../modules/messages/media-upload.js';
import { findContactAddress, findMessage, findMessageByExternalId } from '../../modules/messages/messages.service.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import { getTenantSettings } from '../../modules/settings/settings.reader.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { insertUnmatchedWebhookEvent } from '../../platform/webhooks/unmatched-webhook-events.js';
import type { TConnectionRef, TGatewayEvent } from './gateway-events.js';
import { createLateReferences } from './late-reference.job.js';

/**
 * The one door between channels and modules, as providers see it: `deliver` applies what a provider reported
 * (one normalized event) to the modules through their use cases; the lookups read what a provider needs to
 * know of a connection or of one of its messages. Providers import no module: they are handed a host.
 */
export type TChannelHost = {
  deliver: (connection: TConnectionRef, event: TGatewayEvent) => Promise<void>;
  /** The live, active connection a webhook URL's token names (of any tenant: the token tells which). */
  connectionByToken: (token: string) => ReturnType<typeof findConnectionByToken>;
  /** A live connection of the tenant. */
  connection: (tenantId: number, id: number) => ReturnType<typeof findConnection>;
  /** One of the connection's messages by the channel's id, whether ours or the customer's. */
  messageByExternalId: (connection: TConnectionRef, externalId: string) => ReturnType<typeof findMessageByExternalId>;
  /** Stores the provider's settings of a connection (a subscription id the provider gave, ...). */
  saveConnectionConfig: (connection: TConnectionRef, config: Record<string, unknown>) => Promise<void>;
  /** The address of one kind of the contact one of our messages went to, if it has one. */
  contactAddressOfMessage: (
    tenantId: number,
    messageId: number,
    kind: string,
  ) => Promise<{ kind: string; value: string } | null | undefined>;
  /** The content type of a stored file, from the extension its key carries. */
  contentTypeOf: (key: string) => string;
};

/** A group's message (the group is the sender), which the tenant's `ignoreGroupMsg` keeps out. */
const isGroupMessage = (event: Extract<TGatewayEvent, { type: 'message' }>) =>
  event.message.from.kind === 'group' || event.message.from.isGroup === true;

export const createChannelHost = (services: TServices): TChannelHost => {
  /** The tenant keeps group conversations out (`ignoreGroupMsg`): read only when a group's message arrives. */
  const ignoresGroups = async (tenantId: number) =>
    (await withTenant(services.db, tenantId, (tx) => getTenantSettings(tx, tenantId))).ignoreGroupMsg === 'enabled';
  const lateReferences = createLateReferences(services);

  const apply = async (connection: TConnectionRef, event: TGatewayEvent) => {
    const base = { tenantId: connection.tenantId, connectionId: connection.id };
    switch (event.type) {
      case 'message':
        if (isGroupMessage(event) && (await ignoresGroups(connection.tenantId))) return;
        await receiveMessage(services, { ...base, ...event.message });
        return;
      case 'status':
        await applyAck(services, { ...base, externalId: event.externalId, status: event.status, reason: event.reason });
        return;
      case 'reaction':
      case 'edit':
      case 'revoke':
        // A message not stored yet (still on its way in, elsewhere) is waited for durably, on any instance.
        await lateReferences.deliver(connection, event);
        return;
      case 'number-change': {
        const notice = await withTenant(services.db, connection.tenantId, (tx) =>
          findMessageByExternalId(tx, connection.tenantId, connection.id, event.noticeExternalId),
        );
        if (!notice) return;
        const number = `+${event.number.replace(/\D/g, '')}`;
        try {
          await updateContact({
            services,
            tenantId: connection.tenantId,
            contactId: notice.contactId,
            input: { number },
          });
        } catch (err) {
          // Another contact already has the new number: the notice stays in the chat, an admin merges them.
          services.log.warn({ err, contactId: notice.contactId }, 'contact number change not applied');
        }
        return;
      }
      case 'call':
        await receiveCall(services, connection, event.call);
        return;
      case 'history':
        await importHistory(services, connection, event.messages);
        return;
      case 'unmatched':
        await insertUnmatchedWebhookEvent(services.db, { ...base, channel: event.channel, body: event.body });
        return;
      case 'group-participants':
        await applyGroupParticipants(services, connection, event.change);
        return;
      case 'connection':
        await setConnectionStatus(services, connection.tenantId, connection.id, event.change);
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown gateway event ${JSON.stringify(unknown)}`);
      }
    }
  };

  return {
    deliver: async (connection, event) => {
      await apply(connection, event);
      // SEAM: once `platform/events` carries channel events, the host announces here what it applied (message
      // received, status, edited, deleted, connection status) instead of the use cases telling realtime.
    },
    connectionByToken: (token) => findConnectionByToken(services.db, token),
    connection: (tenantId, id) => withTenant(services.db, tenantId, (tx) => findConnection(tx, tenantId, id)),
    messageByExternalId: (connection, externalId) =>
      withTenant(services.db, connection.tenantId, (tx) =>
        findMessageByExternalId(tx, connection.tenantId, connection.id, externalId),
      ),
    saveConnectionConfig: async (connection, config) => {
      await withTenant(services.db, connection.tenantId, (tx) =>
        updateConnectionRow(tx, connection.tenantId, connection.id, { config }),
      );
    },
    contactAddressOfMessage: (tenantId, messageId, kind) =>
      withTenant(services.db, tenantId, async (tx) => {
        const row = await findMessage(tx, tenantId, messageId);
        return row ? (await findContactAddress(tx, tenantId, row.contactId)).find((a) => a.kind === kind) : null;
      }),
    contentTypeOf,
  };
};
