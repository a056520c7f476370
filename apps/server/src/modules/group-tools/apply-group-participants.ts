import { fillGroupMessage } from '@prosa/contracts';
import {
  ChannelGroupError,
  type TConnectionRef,
  type TGatewayGroupParticipants,
  type TGroupAdmin,
} from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection, type TConnectionRow } from '../connections/connections.service.js';
import { sendToGroup, type TGroupSendServices } from './group-conversation.js';
import { sendPrivateFarewells } from './group-private-farewell.js';
import { memberLabel, recordGroupToolLogs } from './group-tool-logs.js';
import { findGroupToolRows } from './group-tools.repository.js';

type TMember = TGatewayGroupParticipants['participants'][number];
type TApplyServices = TGroupSendServices & Pick<TServices, 'channels' | 'log'>;

/** How a member is mentioned in a text: `@` and their JID's user part (WhatsApp shows their name there). */
const mentionTag = (member: TMember) => `@${member.id.split('@')[0]}`;

/** Removes banned members who just joined; each removal (or why it failed) is logged. */
const removeIntruders = async (
  services: TApplyServices,
  target: { connection: TConnectionRow; admin: TGroupAdmin },
  groupId: string,
  intruders: TMember[],
) => {
  const { connection, admin } = target;
  let outcomes: { ok: boolean; error?: string }[];
  try {
    outcomes = await admin.updateParticipants(
      connection,
      groupId,
      intruders.map((member) => member.id),
      'remove',
    );
  } catch (err) {
    // Our number is not admin there (or the session dropped): the ban cannot be applied.
    services.log.warn({ err, groupId }, 'banned member not removed');
    const error = err instanceof ChannelGroupError ? err.code : 'ERR_GROUP_ACTION_FAILED';
    outcomes = intruders.map(() => ({ ok: false, error }));
  }
  await recordGroupToolLogs(
    services,
    connection.tenantId,
    intruders.map((member, index) => {
      const outcome = outcomes[index];
      const error = outcome?.ok ? null : (outcome?.error ?? 'ERR_GROUP_ACTION_FAILED');
      return { connectionId: connection.id, groupId, action: 'bannedRemoved', members: [memberLabel(member)], error };
    }),
  );
};

/**
 * Members joined or left a group of a connection (the channel's `group-participants` event): a banned number
 * that joins is removed at once; the others are greeted in the group (mentioned) when the group has a
 * greeting; those who leave get the farewell in the group and the private farewell in their own conversation,
 * when the group has them (not the banned ones we removed). Each is logged (group-tool-logs.ts).
 */
export const applyGroupParticipants = async (
  services: TApplyServices,
  ref: TConnectionRef,
  change: TGatewayGroupParticipants,
) => {
  if (change.action !== 'add' && change.action !== 'remove') return;
  const joined = change.action === 'add';
  const scope = { connectionId: ref.id, groupId: change.groupId };
  const found = await withTenant(services.db, ref.tenantId, async (tx) => ({
    connection: await findConnection(tx, ref.tenantId, ref.id),
    bans: await findGroupToolRows(tx, ref.tenantId, 'banList', scope),
    message: (await findGroupToolRows(tx, ref.tenantId, joined ? 'greetingMessage' : 'farewellMessage', scope))[0],
    privately: joined
      ? undefined
      : (await findGroupToolRows(tx, ref.tenantId, 'groupFarewellPrivateMessage', scope))[0],
  }));
  const { connection, message, privately } = found;
  if (!connection) return;
  const banned = new Set(found.bans.map((ban) => ban.number));
  const isBanned = (member: TMember) => member.number !== null && banned.has(member.number);
  const admin = services.channels.groupAdmin(connection);

  const intruders = joined ? change.participants.filter(isBanned) : [];
  if (intruders.length > 0 && admin) await removeIntruders(services, { connection, admin }, change.groupId, intruders);
  // Our own number joining (added to a group) or leaving is greeted by nobody.
  const ours = connection.number?.replace(/\D/g, '') ?? null;
  const members = change.participants.filter((member) => !isBanned(member) && member.number !== ours);
  if ((!message && !privately) || members.length === 0) return;

  const groupName = admin
    ? await admin
        .get(connection, change.groupId)
        .then((group) => group.subject)
        .catch(() => '')
    : '';
  if (message)
    await sendToGroup(services, ref, {
      groupId: change.groupId,
      groupName,
      body: fillGroupMessage(message.message, { name: members.map(mentionTag).join(', '), group: groupName }),
      // Who left is no longer in the group: only newcomers are mentioned.
      mentions: joined ? members.map((member) => member.id) : [],
      sendType: joined ? 'groupGreeting' : 'groupFarewell',
      log: { action: joined ? 'greetingSent' : 'farewellSent', members: members.map(memberLabel) },
    });
  if (privately)
    await sendPrivateFarewells(services, ref, {
      groupId: change.groupId,
      groupName,
      message: privately.message,
      members,
    });
};
