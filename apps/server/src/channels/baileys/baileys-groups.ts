import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';
import { askingWith, inviteCodeOf, memberOf, memberResults } from '../shared/whatsapp-groups.js';
import { ChannelGroupError, type TConnectionRow, type TGroupAdmin, type TGroupSummary } from '../types.js';
import type { TSessionRef } from './baileys-sessions.js';
import type { TBaileysEventMap, TBaileysGroup, TBaileysSocket } from './baileys-socket.js';

/** A JID without its device part (`5511...:7@s.whatsapp.net` -> `5511...@s.whatsapp.net`). */
const plainJid = (jid: string) => jid.replace(/:\d+@/, '@');

/** Our number's own ids on the socket (phone JID and LID), device dropped. */
const ourIds = (socket: TBaileysSocket) =>
  [socket.user?.id, socket.user?.lid].filter((id): id is string => Boolean(id)).map(plainJid);

const summaryOf = (socket: TBaileysSocket, group: TBaileysGroup): TGroupSummary => {
  const mine = ourIds(socket);
  const participants = group.participants ?? [];
  const me = participants.find(
    (member) => mine.includes(member.id) || (member.phoneNumber ? mine.includes(member.phoneNumber) : false),
  );
  return {
    id: group.id,
    subject: group.subject,
    description: group.desc ?? null,
    size: group.size ?? participants.length,
    isAdmin: Boolean(me?.admin),
    adminsOnly: group.announce === true,
  };
};

/** WhatsApp's refusal as a catalogue code: 403 (not-authorized) is our number not being admin. */
const refusalOf = (err: unknown) => {
  const status = (err as { output?: { statusCode?: number } })?.output?.statusCode;
  if (status === 403) return new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
  if (status === 404) return new ChannelGroupError('ERR_GROUP_NOT_FOUND');
  return err;
};

/** Runs a socket call, WhatsApp's refusals turned into ChannelGroupErrors. */
const asking = askingWith(refusalOf);

/** The group administration of a Baileys connection, over the socket its session runs here. */
export const createBaileysGroupAdmin = (
  openSocket: (connection: TConnectionRow) => Promise<TBaileysSocket>,
): TGroupAdmin => ({
  list: async (connection) => {
    const socket = await openSocket(connection);
    const groups = await asking(() => socket.groupFetchAllParticipating());
    return Object.values(groups).map((group) => summaryOf(socket, group));
  },
  get: async (connection, groupId) => {
    const socket = await openSocket(connection);
    const group = await asking(() => socket.groupMetadata(groupId));
    return { ...summaryOf(socket, group), participants: (group.participants ?? []).map(memberOf) };
  },
  create: async (connection, subject, participants) => {
    const socket = await openSocket(connection);
    return summaryOf(socket, await asking(() => socket.groupCreate(subject, participants)));
  },
  inviteCode: async (connection, groupId) => {
    const socket = await openSocket(connection);
    return inviteCodeOf(await asking(() => socket.groupInviteCode(groupId)));
  },
  setSubject: async (connection, groupId, subject) => {
    const socket = await openSocket(connection);
    await asking(() => socket.groupUpdateSubject(groupId, subject));
  },
  setDescription: async (connection, groupId, description) => {
    const socket = await openSocket(connection);
    await asking(() => socket.groupUpdateDescription(groupId, description));
  },
  setAdminsOnly: async (connection, groupId, adminsOnly) => {
    const socket = await openSocket(connection);
    await asking(() => socket.groupSettingUpdate(groupId, adminsOnly ? 'announcement' : 'not_announcement'));
  },
  updateParticipants: async (connection, groupId, participants, action) => {
    const socket = await openSocket(connection);
    return memberResults(
      participants,
      await asking(() => socket.groupParticipantsUpdate(groupId, participants, action)),
    );
  },
  setPicture: async (connection, groupId, image) => {
    const socket = await openSocket(connection);
    await asking(() => socket.updateProfilePicture(groupId, image));
  },
  deleteMessage: async (connection, groupId, message) => {
    const socket = await openSocket(connection);
    await asking(() =>
      socket.sendMessage(groupId, {
        delete: { remoteJid: groupId, fromMe: false, id: message.externalId, participant: message.participant },
      }),
    );
  },
});

/** `group-participants.update` as the host's `group-participants` event (v7 objects, or older plain JIDs). */
export const onGroupParticipants = async (
  host: TChannelHost,
  ref: TSessionRef,
  update: TBaileysEventMap['group-participants.update'],
) => {
  const action = update.action;
  if (action !== 'add' && action !== 'remove' && action !== 'promote' && action !== 'demote') return;
  const change: TGatewayGroupParticipants = {
    groupId: update.id,
    participants: update.participants.map((member) => {
      const { id, number } = memberOf(typeof member === 'string' ? { id: member } : member);
      return { id, number };
    }),
    action,
    author: update.author ?? null,
  };
  await host.deliver({ tenantId: ref.tenantId, id: ref.connectionId }, { type: 'group-participants', change });
};
