import { parseWhatsappJid } from '@prosa/contracts';
import type { TConnectionRef } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { upsertContactFromChannel } from '../contacts/find-or-create-contact.js';
import { queueAutomaticMessage } from '../messages/messages.service.js';
import { ticketsForOutreach } from '../tickets/tickets.service.js';
import { type TGroupToolLogEntry, writeGroupToolLogs } from './group-tool-logs.js';

/** The log entry of what a text to a group does, written with the message it goes out as. */
type TSendLog = Omit<TGroupToolLogEntry, 'connectionId' | 'groupId' | 'messageId'>;

export type TGroupSendServices = Pick<TServices, 'db' | 'events' | 'outbound'>;

/**
 * A text from the group tools (greeting, farewell, a banned word's warning) to a group, through the outbound
 * path like any automatic message: on the group's active ticket, or a new closed one (the tenant may keep group
 * conversations out, `ignoreGroupMsg`, and no agent's list should grow for it). `mentions`: members' JIDs;
 * `log`: the group tools' log entry of it, written in the same transaction with the message's id.
 */
export const sendToGroup = async (
  services: TGroupSendServices,
  ref: TConnectionRef,
  input: {
    groupId: string;
    groupName: string;
    body: string;
    mentions: string[];
    sendType: string;
    log?: TSendLog;
  },
) => {
  const group = parseWhatsappJid(input.groupId);
  if (group?.kind !== 'group') return null;
  return withTenant(services.db, ref.tenantId, async (tx) => {
    const connection = await findConnection(tx, ref.tenantId, ref.id);
    if (!connection) return null;
    const contact = await upsertContactFromChannel(
      tx,
      ref.tenantId,
      { kind: 'group', value: group.id, name: input.groupName, isGroup: true },
      services,
    );
    const at = new Date();
    const tickets = await ticketsForOutreach(tx, ref.tenantId, {
      contactIds: [contact.id],
      connectionId: connection.id,
      channel: connection.type,
      at,
      quietUntil: null,
    });
    const ticket = tickets.get(contact.id);
    const message = ticket
      ? await queueAutomaticMessage(services, tx, ref.tenantId, ticket, {
          body: input.body,
          sendType: input.sendType,
          at,
          mentions: input.mentions,
        })
      : null;
    if (input.log)
      await writeGroupToolLogs(tx, ref.tenantId, [
        {
          ...input.log,
          connectionId: connection.id,
          groupId: input.groupId,
          messageId: message?.id ?? null,
          error: message ? (input.log.error ?? null) : 'ERR_GROUP_ACTION_FAILED',
        },
      ]);
    return message;
  });
};
