import { randomInt } from 'node:crypto';
import { isUrl } from './fake-http.js';
import {
  inviteCodeOf,
  type TWhatsAppGroup,
  type TWhatsAppGroupMember,
  type TWhatsAppMemberAction,
} from './whatsapp-groups.js';

// Z-API's groups as the fake speaks them (developer.z-api.io, "Grupos"): a group is a chat whose `phone` is its
// id with `-group` after it (`120363019502650977-group`; groups made before November 2021 are
// `5511999999999-1623281429`, no suffix), members are named by `phone` (the number, or the LID as `…@lid` when
// WhatsApp gives no number), and joins and leaves reach the `received` webhook as `ReceivedCallback`
// notifications named after WhatsApp's templates (GROUP_PARTICIPANT_ADD, _REMOVE, _LEAVE...).

/** A group as WhatsApp holds it, with the two settings Z-API shows or sets besides WhatsApp's own. */
export type TZapiGroup = TWhatsAppGroup & { requireAdminApproval?: boolean; adminOnlyAddMember?: boolean };

/** A message deleted for everyone through `DELETE /messages`, with who wrote it (as WhatsApp knows it). */
export type TZapiRevoked = {
  instanceId: string;
  messageId: string;
  phone: string;
  owner: boolean;
  participant: string | null;
};

/** The `phone` Z-API names a group by, from its JID. */
export const zapiGroupPhone = (jid: string) => {
  const id = jid.replace(/@g\.us$/, '');
  return id.includes('-') ? id : `${id}-group`;
};

/** The group's JID from the `phone` (or `groupId`) Z-API was given (either form); null when it names no group. */
export const groupJidOf = (phone: unknown) => {
  const match = typeof phone === 'string' ? /^(?:(\d+)-group|(\d+-\d+))$/.exec(phone) : null;
  const id = match?.[1] ?? match?.[2];
  return id ? `${id}@g.us` : null;
};

/** A member's `phone` as Z-API lists it: the number when WhatsApp gives one, else the LID. */
export const memberPhone = (member: { id: string; phoneNumber?: string }) => {
  const phoneJid = member.id.endsWith('@s.whatsapp.net') ? member.id : member.phoneNumber;
  return phoneJid ? (phoneJid.split('@')[0] ?? '') : member.id;
};

/** The member a `phones` entry names: a number's JID, or a LID kept as it is. */
export const memberJidOf = (phone: string) => (phone.endsWith('@lid') ? phone : `${phone}@s.whatsapp.net`);

/** A `phones` entry Z-API takes: a number's digits or a LID. */
export const isMemberPhone = (value: unknown): value is string =>
  typeof value === 'string' && /^(\d{10,15}|\d{5,20}@lid)$/.test(value);

/** The picture as `groupPhoto` gives it: a link the fake downloads, or a base64 data URL (as send-image). */
export const pictureOf = async (photo: unknown) => {
  if (isUrl(photo)) {
    const res = await fetch(photo);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  }
  const data = typeof photo === 'string' ? /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/]+=*)$/.exec(photo) : null;
  return data?.[1] ? Buffer.from(data[1], 'base64') : null;
};

/** The `phones` of a call: at least one, each a number or a LID. */
export const phonesOf = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every(isMemberPhone) ? (value as string[]) : null;

/** `group-metadata` / `light-group-metadata`: the invite link only on the full one, and only for admins. */
export const groupMetadata = (group: TZapiGroup, invitationLink: string | null) => ({
  phone: zapiGroupPhone(group.id),
  description: group.desc,
  owner: group.owner ? memberPhone({ id: group.owner }) : null,
  subject: group.subject,
  // Z-API dates groups in milliseconds.
  creation: group.creation * 1000,
  invitationLink,
  communityId: null,
  adminOnlyMessage: group.announce,
  adminOnlySettings: group.restrict,
  requireAdminApproval: group.requireAdminApproval === true,
  isGroupAnnouncement: false,
  participants: group.participants.map((member) => ({
    phone: memberPhone(member),
    isAdmin: member.admin !== null,
    isSuperAdmin: member.admin === 'superadmin',
  })),
  subjectTime: group.creation * 1000,
  subjectOwner: group.owner ? memberPhone({ id: group.owner }) : null,
});

/** A group as `GET /groups` lists chats (strings where Z-API's example has them). */
export const groupChat = (group: TZapiGroup) => ({
  isGroup: true,
  name: group.subject,
  phone: zapiGroupPhone(group.id),
  unread: '0',
  lastMessageTime: String(group.creation * 1000),
  isMuted: '0',
  isMarkedSpam: 'false',
  archived: 'false',
  pinned: 'false',
  muteEndTime: null,
  messagesUnread: '0',
});

/** WhatsApp's template for a change of members: added by someone, joined by link, removed, left, promoted... */
export const participantNotification = (action: TWhatsAppMemberAction, byAuthor: boolean) => {
  if (action === 'add') return byAuthor ? 'GROUP_PARTICIPANT_ADD' : 'GROUP_PARTICIPANT_INVITE';
  if (action === 'remove') return byAuthor ? 'GROUP_PARTICIPANT_REMOVE' : 'GROUP_PARTICIPANT_LEAVE';
  return action === 'promote' ? 'GROUP_PARTICIPANT_PROMOTE' : 'GROUP_PARTICIPANT_DEMOTE';
};

/** The `ReceivedCallback` of a members' change, as the group's chat shows it. */
export const participantsCallback = (
  instance: { id: string; phone: string | null },
  group: TZapiGroup,
  change: { notification: string; members: TWhatsAppGroupMember[]; author: string | null },
) => ({
  isStatusReply: false,
  chatLid: null,
  connectedPhone: instance.phone ?? '',
  waitingMessage: false,
  isEdit: false,
  isGroup: true,
  isNewsletter: false,
  instanceId: instance.id,
  messageId: String(randomInt(1e9)),
  phone: zapiGroupPhone(group.id),
  fromMe: false,
  momment: Date.now(),
  expiresAt: null,
  status: 'RECEIVED',
  chatName: group.subject,
  senderPhoto: null,
  senderName: '',
  photo: null,
  broadcast: false,
  // Who did it; a member who joined by link or left is their own author.
  participantPhone: memberPhone(change.author ? { id: change.author } : (change.members[0] ?? { id: '' })),
  participantLid: null,
  referenceMessageId: null,
  externalAdReply: null,
  forwarded: false,
  type: 'ReceivedCallback',
  notification: change.notification,
  notificationParameters: change.members.map(memberPhone),
  callId: null,
  code: null,
});

/** A group's invite link (its code made the first time it is asked for, as WhatsApp keeps one). */
export const inviteLink = (group: TZapiGroup) => `https://chat.whatsapp.com/${inviteCodeOf(group)}`;
