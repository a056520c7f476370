import { sniffMime } from '../../platform/sniff-mime.js';
import { askingWith, inviteCodeOf, memberOf, memberResults, roleOf } from '../shared/whatsapp-groups.js';
import {
  ChannelGroupError,
  type TConnectionRow,
  type TGroupAdmin,
  type TGroupMemberAction,
  type TGroupSummary,
} from '../types.js';
import { type TZapiClient, ZapiError } from './zapi-api.js';
import {
  groupJidOf,
  memberJid,
  memberPhone,
  type TZapiDone,
  type TZapiGroupMetadata,
  type TZapiMemberRoute,
  zapiGroupPhone,
} from './zapi-groups-api.js';

/** Z-API's boolean fields, typed "string" in its tables and booleans in its examples. */
const flag = (value: unknown) => value === true || value === 'true';

/** The connection's own number, as digits (what Z-API reported when the session opened). */
const ourNumber = (connection: TConnectionRow) => connection.number?.replace(/\D/g, '') || null;

/**
 * The members as we list them: a number's JID (a LID's when Z-API gives no number), the number, admin, and the
 * group's creator (`isSuperAdmin`).
 */
const membersOf = (group: TZapiGroupMetadata) =>
  (group.participants ?? []).map((member) =>
    memberOf({
      id: memberJid(member.phone),
      admin: roleOf({ admin: flag(member.isAdmin), superAdmin: flag(member.isSuperAdmin) }),
    }),
  );

const isAdminIn = (connection: TConnectionRow, group: TZapiGroupMetadata) => {
  const ours = ourNumber(connection);
  return membersOf(group).some((member) => ours !== null && member.number === ours && member.admin);
};

const summaryOf = (connection: TConnectionRow, id: string, group: TZapiGroupMetadata): TGroupSummary => ({
  id,
  subject: group.subject ?? '',
  description: group.description || null,
  size: group.participants?.length ?? 0,
  isAdmin: isAdminIn(connection, group),
  adminsOnly: flag(group.adminOnlyMessage),
});

/**
 * WhatsApp's refusal as a catalogue code. Z-API documents none for its group routes (a change answers
 * `{ value: false }`, see `done`); an error whose words are WhatsApp's (forbidden, not-authorized,
 * item-not-found) or say the group is unknown is read as such.
 */
const refusalOf = (err: unknown) => {
  if (!(err instanceof ZapiError) || err.status === 0) return err;
  if (/forbidden|not-authorized|not (an )?admin/i.test(err.detail)) return new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
  if (/item-not-found|group not found|not a participant/i.test(err.detail))
    return new ChannelGroupError('ERR_GROUP_NOT_FOUND');
  return err;
};

const asking = askingWith(refusalOf);

/** A change Z-API answered `{ value: false }`: WhatsApp did not take it (it does not say why). */
const done = async (change: () => Promise<TZapiDone>) => {
  if ((await asking(change)).value === false) throw new ChannelGroupError('ERR_GROUP_ACTION_FAILED');
};

const memberRoutes: Record<TGroupMemberAction, TZapiMemberRoute> = {
  add: 'add-participant',
  remove: 'remove-participant',
  promote: 'add-admin',
  demote: 'remove-admin',
};

/** Groups asked of Z-API per page, and the most pages read (a number in 5,000 groups is not a use case). */
const pageSize = 50;
const maxPages = 100;

/** The group administration of a Z-API connection, through its instance's group routes. */
export const createZapiGroupAdmin = (clientOf: (connection: TConnectionRow) => TZapiClient): TGroupAdmin => {
  const metadataOf = (connection: TConnectionRow, groupId: string) =>
    asking(() => clientOf(connection).groupMetadata(zapiGroupPhone(groupId)));

  return {
    /** The group chats, page by page (until a page brings nothing new), each with its metadata. */
    list: async (connection) => {
      const found = new Map<string, TGroupSummary>();
      for (let page = 1; page <= maxPages; page += 1) {
        const chats = await asking(() => clientOf(connection).groups(page, pageSize));
        const fresh = chats.map((chat) => groupJidOf(chat.phone)).filter((id) => id !== null && !found.has(id));
        for (const id of fresh as string[]) {
          try {
            found.set(id, summaryOf(connection, id, await metadataOf(connection, id)));
          } catch (err) {
            // A group the number has left stays among the chats: it is not one of its groups.
            if (!(err instanceof ChannelGroupError && err.code === 'ERR_GROUP_NOT_FOUND')) throw err;
          }
        }
        if (chats.length < pageSize || fresh.length === 0) break;
      }
      return [...found.values()];
    },
    get: async (connection, groupId) => {
      const group = await metadataOf(connection, groupId);
      return { ...summaryOf(connection, groupId, group), participants: membersOf(group) };
    },
    /**
     * Z-API says which members it could not add (`phonesNotAdded`); the others are in, our number admin. Its
     * answer carries the new group's invite link.
     */
    create: async (connection, subject, participants) => {
      const phones = participants.map(memberPhone);
      const made = await asking(() => clientOf(connection).createGroup(subject, phones));
      const id = groupJidOf(made.phone);
      if (!id) throw new ChannelGroupError('ERR_GROUP_ACTION_FAILED');
      const left = new Set(made.phonesNotAdded ?? []);
      const size = 1 + phones.filter((phone) => !left.has(phone)).length;
      const inviteCode = inviteCodeOf(made.invitationLink);
      return { id, subject, description: null, size, isAdmin: true, adminsOnly: false, inviteCode };
    },
    inviteCode: async (connection, groupId) =>
      inviteCodeOf((await asking(() => clientOf(connection).invitationLink(zapiGroupPhone(groupId)))).invitationLink),
    setSubject: async (connection, groupId, subject) => {
      await done(() => clientOf(connection).updateGroupName(zapiGroupPhone(groupId), subject));
    },
    setDescription: async (connection, groupId, description) => {
      await done(() => clientOf(connection).updateGroupDescription(zapiGroupPhone(groupId), description));
    },
    /** Z-API sets every setting at once: the others go back as the metadata shows them. */
    setAdminsOnly: async (connection, groupId, adminsOnly) => {
      const group = await metadataOf(connection, groupId);
      await done(() =>
        clientOf(connection).updateGroupSettings({
          phone: zapiGroupPhone(groupId),
          adminOnlyMessage: adminsOnly,
          adminOnlySettings: flag(group.adminOnlySettings),
          requireAdminApproval: flag(group.requireAdminApproval),
        }),
      );
    },
    /**
     * Z-API answers one `value` for all the members: each one's outcome is read from the members before the call
     * (already in, WhatsApp's 409; not in, its 404), and a refusal where our number is not admin is that.
     */
    updateParticipants: async (connection, groupId, participants, action) => {
      const group = await metadataOf(connection, groupId);
      const listed = new Set((group.participants ?? []).map((member) => member.phone));
      const before = participants.map((id) => {
        const present = listed.has(memberPhone(id));
        if (action === 'add') return present ? '409' : null;
        return present ? null : '404';
      });
      const asked = participants.filter((_, index) => before[index] === null);
      let status = '200';
      if (asked.length > 0) {
        const route = memberRoutes[action];
        const answer = await asking(() =>
          clientOf(connection).updateMembers(route, zapiGroupPhone(groupId), asked.map(memberPhone)),
        );
        if (answer.value === false && !isAdminIn(connection, group)) throw new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
        if (answer.value === false) status = '500';
      }
      return memberResults(
        participants,
        participants.map((jid, index) => ({ jid, status: before[index] ?? status })),
      );
    },
    /** The bytes in base64, as a data URL (we download and check a URL ourselves: Z-API is not handed one). */
    setPicture: async (connection, groupId, image) => {
      const mime = (await sniffMime(image)) ?? 'image/jpeg';
      const photo = `data:${mime};base64,${image.toString('base64')}`;
      await done(() => clientOf(connection).updateGroupPhoto(zapiGroupPhone(groupId), photo));
    },
    /** Z-API finds the message by its id in the group's chat: the member who wrote it is not named. */
    deleteMessage: async (connection, groupId, message) => {
      await asking(() => clientOf(connection).deleteMessage(zapiGroupPhone(groupId), message.externalId, false));
    },
  };
};
