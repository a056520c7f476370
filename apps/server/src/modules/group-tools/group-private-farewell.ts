import { fillGroupMessage } from '@prosa/contracts';
import type { TConnectionRef, TGatewayGroupParticipants } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { findConnection } from '../connections/connections.service.js';
import { upsertContactFromChannel } from '../contacts/find-or-create-contact.js';
import { queueAutomaticMessage } from '../messages/messages.service.js';
import { ticketsForOutreach } from '../tickets/tickets.service.js';
import type { TGroupSendServices } from './group-conversation.js';
import { memberLabel, type TGroupToolLogEntry, writeGroupToolLogs } from './group-tool-logs.js';

type TMember = TGatewayGroupParticipants['participants'][number];

/**
 * The private farewell: the group's text to each member who left, in their own conversation with the number,
 * through the outbound queue like any automatic message (paced on unofficial numbers). It goes on the member's
 * active ticket on the connection, so the agent serving them sees it; otherwise on a new closed ticket, so no
 * agent's waiting list grows (a reply opens a pending ticket as any first message does). A member known by a
 * LID alone has no number to write to: logged as not sent. `{{name}}`: the contact's name (their number when
 * we know none); `{{group}}`: the group's.
 */
export const sendPrivateFarewells = (
  services: TGroupSendServices,
  ref: TConnectionRef,
  input: { groupId: string; groupName: string; message: string; members: TMember[] },
) =>
  withTenant(services.db, ref.tenantId, async (tx) => {
    const connection = await findConnection(tx, ref.tenantId, ref.id);
    if (!connection) return;
    const at = new Date();
    const scope = { connectionId: connection.id, groupId: input.groupId, action: 'privateFarewellSent' as const };
    const logs: TGroupToolLogEntry[] = [];
    const reachable: { number: string; contactId: number; name: string }[] = [];
    for (const member of input.members) {
      if (!member.number) {
        logs.push({ ...scope, members: [memberLabel(member)], error: 'ERR_GROUP_MEMBER_NO_NUMBER' });
        continue;
      }
      const contact = await upsertContactFromChannel(
        tx,
        ref.tenantId,
        { kind: 'phone', value: member.number },
        services,
      );
      reachable.push({ number: member.number, contactId: contact.id, name: contact.name || member.number });
    }
    const tickets =
      reachable.length === 0
        ? new Map()
        : await ticketsForOutreach(tx, ref.tenantId, {
            contactIds: reachable.map((member) => member.contactId),
            connectionId: connection.id,
            channel: connection.type,
            at,
            quietUntil: null,
          });
    for (const member of reachable) {
      const ticket = tickets.get(member.contactId);
      const sent = ticket
        ? await queueAutomaticMessage(services, tx, ref.tenantId, ticket, {
            body: fillGroupMessage(input.message, { name: member.name, group: input.groupName }),
            sendType: 'groupFarewellPrivate',
            at,
          })
        : null;
      logs.push({
        ...scope,
        members: [member.number],
        messageId: sent?.id ?? null,
        error: sent ? null : 'ERR_GROUP_ACTION_FAILED',
      });
    }
    await writeGroupToolLogs(tx, ref.tenantId, logs);
  });
