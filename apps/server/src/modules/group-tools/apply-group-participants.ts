import { fillGroupMessage } from '@prosa/contracts';
import type { TConnectionRef, TGatewayGroupParticipants } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { sendToGroup, type TGroupSendServices } from './group-conversation.js';
import { findGroupToolRows } from './group-tools.repository.js';

type TMember = TGatewayGroupParticipants['participants'][number];
type TApplyServices = TGroupSendServices & Pick<TServices, 'channels' | 'log'>;

/** How a member is mentioned in a text: `@` and their JID's user part (WhatsApp shows their name there). */
const mentionTag = (member: TMember) => `@${member.id.split('@')[0]}`;

/**
 * Members joined or left a group of a connection (the channel's `group-participants` event): a banned number
 * that joins is removed at once; the others are greeted in the group (mentioned) when the group has a
 * greeting; those who leave get the farewell when it has one (not the banned ones we removed).
 */
export const applyGroupParticipants = async (
  services: TApplyServices,
  ref: TConnectionRef,
  change: TGatewayGroupParticipants,
) => {
  if (change.action !== 'add' && change.action !== 'remove') return;
  const scope = { connectionId: ref.id, groupId: change.groupId };
  const found = await withTenant(services.db, ref.tenantId, async (tx) => ({
    connection: await findConnection(tx, ref.tenantId, ref.id),
    bans: await findGroupToolRows(tx, ref.tenantId, 'banList', scope),
    message: (
      await findGroupToolRows(tx, ref.tenantId, change.action === 'add' ? 'greetingMessage' : 'farewellMessage', scope)
    )[0],
  }));
  const { connection, message } = found;
  if (!connection) return;
  const banned = new Set(found.bans.map((ban) => ban.number));
  const isBanned = (member: TMember) => member.number !== null && banned.has(member.number);
  const admin = services.channels.groupAdmin(connection);

  if (change.action === 'add') {
    const intruders = change.participants.filter(isBanned);
    if (intruders.length > 0 && admin)
      try {
        await admin.updateParticipants(
          connection,
          change.groupId,
          intruders.map((member) => member.id),
          'remove',
        );
      } catch (err) {
        // Our number is not admin there (or the session dropped): the ban cannot be applied; said in the log.
        services.log.warn({ err, groupId: change.groupId }, 'banned member not removed');
      }
  }
  // Our own number joining (added to a group) or leaving is greeted by nobody.
  const ours = connection.number?.replace(/\D/g, '') ?? null;
  const members = change.participants.filter((member) => !isBanned(member) && member.number !== ours);
  if (!message || members.length === 0) return;

  const groupName = admin
    ? await admin
        .get(connection, change.groupId)
        .then((group) => group.subject)
        .catch(() => '')
    : '';
  const body = fillGroupMessage(message.message, { name: members.map(mentionTag).join(', '), group: groupName });
  await sendToGroup(services, ref, {
    groupId: change.groupId,
    groupName,
    body,
    // Who left is no longer in the group: only newcomers are mentioned.
    mentions: change.action === 'add' ? members.map((member) => member.id) : [],
    sendType: change.action === 'add' ? 'groupGreeting' : 'groupFarewell',
  });
};
