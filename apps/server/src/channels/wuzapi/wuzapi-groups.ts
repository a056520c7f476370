import { groupPictureJpeg } from '../shared/group-picture-jpeg.js';
import { inviteCodeOf, memberResults } from '../shared/whatsapp-groups.js';
import { type TWhatsmeowGroupView, whatsmeowGroupSummary, whatsmeowGroupView } from '../shared/whatsmeow-group-view.js';
import { ChannelGroupError, type TConnectionRow, type TGroupAdmin } from '../types.js';
import { type TWuzapiClient, WuzapiError } from './wuzapi-api.js';
import { memberOutcomes, membersToChange } from './wuzapi-group-members.js';

/** No answer, a refused token, no session: the connection's trouble, not the group's; passed on as it is. */
const isConnectionTrouble = (err: unknown) =>
  !(err instanceof WuzapiError) || err.status === 0 || err.status === 401 || err.isNoSession;

/**
 * The group administration of a wuzapi connection. wuzapi answers WhatsApp's refusals with a bare 500 (see
 * wuzapi-groups-api.ts), so a refused change is explained by the group itself: gone from the number's list
 * (ERR_GROUP_NOT_FOUND), or our number not admin there (ERR_GROUP_NOT_ADMIN). wuzapi cannot delete members'
 * messages: its `/chat/delete` revokes only the number's own.
 */
export const createWuzapiGroupAdmin = (clientOf: (connection: TConnectionRow) => TWuzapiClient): TGroupAdmin => {
  const listed = async (connection: TConnectionRow, groupId: string) =>
    (await clientOf(connection).listGroups()).find((group) => group.JID === groupId) ?? null;

  /** One group, or from the list when WhatsApp would not answer for it (not in it) or the release is older. */
  const read = async (connection: TConnectionRow, groupId: string) => {
    try {
      return whatsmeowGroupView(connection, await clientOf(connection).groupInfo(groupId));
    } catch (err) {
      if (isConnectionTrouble(err)) throw err;
      const group = await listed(connection, groupId);
      if (!group) throw new ChannelGroupError('ERR_GROUP_NOT_FOUND');
      return whatsmeowGroupView(connection, group);
    }
  };

  /** Runs a change; WhatsApp's refusal named by the group (`known`: the group as read just before, if it was). */
  const changing = async (
    connection: TConnectionRow,
    groupId: string,
    call: () => Promise<unknown>,
    known?: TWhatsmeowGroupView,
  ) => {
    try {
      await call();
    } catch (err) {
      if (isConnectionTrouble(err) || (err as WuzapiError).status === 400) throw err;
      const group = known ?? (await read(connection, groupId));
      if (!group.isAdmin) throw new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
      throw err;
    }
  };

  return {
    list: async (connection) =>
      (await clientOf(connection).listGroups()).map((group) => whatsmeowGroupSummary(connection, group)),
    get: read,
    create: async (connection, subject, participants) =>
      whatsmeowGroupSummary(connection, await clientOf(connection).createGroup(subject, participants)),
    inviteCode: async (connection, groupId) =>
      inviteCodeOf((await clientOf(connection).inviteLink(groupId)).InviteLink),
    setSubject: async (connection, groupId, subject) => {
      await changing(connection, groupId, () => clientOf(connection).setGroupName(groupId, subject));
    },
    setDescription: async (connection, groupId, description) => {
      await changing(connection, groupId, () => clientOf(connection).setGroupTopic(groupId, description));
    },
    setAdminsOnly: async (connection, groupId, adminsOnly) => {
      await changing(connection, groupId, () => clientOf(connection).setGroupAnnounce(groupId, adminsOnly));
    },
    setPicture: async (connection, groupId, image) => {
      const jpeg = await groupPictureJpeg(image);
      await changing(connection, groupId, () => clientOf(connection).setGroupPhoto(groupId, jpeg));
    },
    updateParticipants: async (connection, groupId, participants, action) => {
      const before = await read(connection, groupId);
      const asked = membersToChange(before.participants, participants, action);
      if (asked.length === 0)
        return memberResults(participants, memberOutcomes(before.participants, [], participants, action));
      const client = clientOf(connection);
      await changing(connection, groupId, () => client.updateParticipants(groupId, asked, action), before);
      const after = await read(connection, groupId);
      return memberResults(participants, memberOutcomes(before.participants, after.participants, participants, action));
    },
    deleteMessage: async () => {
      throw new ChannelGroupError('ERR_GROUP_DELETE_UNSUPPORTED');
    },
  };
};
