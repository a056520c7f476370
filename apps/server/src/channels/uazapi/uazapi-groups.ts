import { parseWhatsappJid } from '@prosa/contracts';
import { groupPictureJpeg } from '../shared/group-picture-jpeg.js';
import { askingWith, inviteCodeOf, memberResults } from '../shared/whatsapp-groups.js';
import { whatsmeowGroupSummary, whatsmeowGroupView } from '../shared/whatsmeow-group-view.js';
import { ChannelGroupError, type TConnectionRow, type TGroupAdmin } from '../types.js';
import { type TUazapiClient, UazapiError } from './uazapi-api.js';

/**
 * WhatsApp's refusal as a catalogue code: uazapi answers 403 where our number is not admin and 404 where it does
 * not know the group (the words are read too, for servers that answer 500 with WhatsApp's own). No answer, a
 * refused token or an unpaired number are the connection's trouble, passed on as they are.
 */
const refusalOf = (err: unknown) => {
  if (!(err instanceof UazapiError) || err.status === 0 || err.status === 401 || err.isNotConnected) return err;
  if (err.status === 403 || /not (an )?admin|forbidden|not-authorized/i.test(err.detail))
    return new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
  if (err.status === 404 || /not found|item-not-found/i.test(err.detail))
    return new ChannelGroupError('ERR_GROUP_NOT_FOUND');
  return err;
};

const asking = askingWith(refusalOf);

/** A member's number as uazapi wants it to create a group: a phone JID's digits (a LID passed as it is). */
const numberOf = (jid: string) => {
  const parsed = parseWhatsappJid(jid);
  return parsed?.kind === 'phone' ? parsed.id : jid;
};

/** The group administration of a uazapi connection, through its instance's group routes. */
export const createUazapiGroupAdmin = (clientOf: (connection: TConnectionRow) => TUazapiClient): TGroupAdmin => ({
  list: async (connection) => {
    const groups = await asking(() => clientOf(connection).listGroups());
    return groups.map((group) => whatsmeowGroupSummary(connection, group));
  },
  get: async (connection, groupId) =>
    whatsmeowGroupView(connection, await asking(() => clientOf(connection).groupInfo(groupId))),
  create: async (connection, subject, participants) =>
    whatsmeowGroupSummary(
      connection,
      await asking(() => clientOf(connection).createGroup(subject, participants.map(numberOf))),
    ),
  inviteCode: async (connection, groupId) =>
    inviteCodeOf((await asking(() => clientOf(connection).groupInviteLink(groupId))).invite_link),
  setSubject: async (connection, groupId, subject) => {
    await asking(() => clientOf(connection).updateName(groupId, subject));
  },
  setDescription: async (connection, groupId, description) => {
    await asking(() => clientOf(connection).updateDescription(groupId, description));
  },
  setAdminsOnly: async (connection, groupId, adminsOnly) => {
    await asking(() => clientOf(connection).updateAnnounce(groupId, adminsOnly));
  },
  setPicture: async (connection, groupId, image) => {
    const jpeg = await groupPictureJpeg(image);
    await asking(() => clientOf(connection).updateImage(groupId, jpeg));
  },
  updateParticipants: async (connection, groupId, participants, action) => {
    const answer = await asking(() => clientOf(connection).updateParticipants(groupId, participants, action));
    const outcome = (answer.groupUpdated ?? []).map((item) => ({
      jid: item.JID,
      status: item.Error ? String(item.Error) : '200',
    }));
    return memberResults(participants, outcome);
  },
  deleteMessage: async (connection, _groupId, message) => {
    await asking(() => clientOf(connection).deleteMessage(message.externalId));
  },
});
