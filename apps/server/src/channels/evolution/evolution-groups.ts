import { askingWith, inviteCodeOf, memberOf, memberResults } from '../shared/whatsapp-groups.js';
import { ChannelGroupError, type TConnectionRow, type TGroupAdmin, type TGroupSummary } from '../types.js';
import { EvolutionError, type TEvolutionClient } from './evolution-api.js';
import type { TEvolutionGroup } from './evolution-groups-api.js';

/** The connection's own number, as digits (what the gateway reported when the session opened). */
const ourNumber = (connection: TConnectionRow) => connection.number?.replace(/\D/g, '') || null;

/** Evolution passes Baileys' group metadata on as it is: members read as on Baileys. */
const summaryOf = (connection: TConnectionRow, group: TEvolutionGroup): TGroupSummary => {
  const ours = ourNumber(connection);
  const participants = group.participants ?? [];
  const me = participants.map((member) => memberOf(member)).find((member) => ours && member.number === ours);
  return {
    id: group.id,
    subject: group.subject,
    description: group.desc || null,
    size: group.size ?? participants.length,
    isAdmin: Boolean(me?.admin),
    adminsOnly: group.announce === true,
  };
};

/**
 * WhatsApp's refusal as a catalogue code. Evolution wraps it in its route's words (`['Error updating group
 * subject', 'Error: forbidden']`, 400 or 500 by route); a route that could not read the group answers 404.
 */
const refusalOf = (err: unknown) => {
  if (!(err instanceof EvolutionError) || err.status === 0 || err.status === 401) return err;
  const said = JSON.stringify(err.details);
  if (err.isGroupMissing) return new ChannelGroupError('ERR_GROUP_NOT_FOUND');
  if (/forbidden|not-authorized/i.test(said)) return new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
  if (/item-not-found/i.test(said)) return new ChannelGroupError('ERR_GROUP_NOT_FOUND');
  return err;
};

const asking = askingWith(refusalOf);

/** The group administration of an Evolution connection, through its gateway's group routes. */
export const createEvolutionGroupAdmin = (clientOf: (connection: TConnectionRow) => TEvolutionClient): TGroupAdmin => ({
  list: async (connection) => {
    const groups = await asking(() => clientOf(connection).fetchAllGroups());
    return groups.map((group) => summaryOf(connection, group));
  },
  get: async (connection, groupId) => {
    const group = await asking(() => clientOf(connection).findGroupInfos(groupId));
    return { ...summaryOf(connection, group), participants: (group.participants ?? []).map(memberOf) };
  },
  create: async (connection, subject, participants) =>
    summaryOf(connection, await asking(() => clientOf(connection).createGroup(subject, participants))),
  inviteCode: async (connection, groupId) =>
    inviteCodeOf((await asking(() => clientOf(connection).inviteCode(groupId))).inviteCode),
  setSubject: async (connection, groupId, subject) => {
    await asking(() => clientOf(connection).updateGroupSubject(groupId, subject));
  },
  setDescription: async (connection, groupId, description) => {
    await asking(() => clientOf(connection).updateGroupDescription(groupId, description));
  },
  setAdminsOnly: async (connection, groupId, adminsOnly) => {
    const setting = adminsOnly ? 'announcement' : 'not_announcement';
    await asking(() => clientOf(connection).updateGroupSetting(groupId, setting));
  },
  updateParticipants: async (connection, groupId, participants, action) => {
    const answer = await asking(() => clientOf(connection).updateParticipants(groupId, action, participants));
    return memberResults(participants, answer.updateParticipants ?? []);
  },
  setPicture: async (connection, groupId, image) => {
    await asking(() => clientOf(connection).updateGroupPicture(groupId, image.toString('base64')));
  },
  deleteMessage: async (connection, groupId, message) => {
    await asking(() =>
      clientOf(connection).deleteForEveryone({
        id: message.externalId,
        remoteJid: groupId,
        fromMe: false,
        participant: message.participant,
      }),
    );
  },
});
