import type { TWhatsAppGroup, TWhatsAppGroupMember, TWhatsAppMemberAction } from './whatsapp-groups.js';

// WhatsApp's groups in whatsmeow's words, as the gateways built on it (wuzapi, uazapi) marshal them to JSON:
// `types.GroupInfo` (its embedded structs' fields at the top level, JIDs as strings, "" for none) and the
// `events.GroupInfo` a member change is.

const isLid = (jid: string) => jid.endsWith('@lid');

/** `types.GroupParticipant`: whatsmeow sets IsAdmin for superadmins too. */
const participantOf = (member: TWhatsAppGroupMember) => ({
  JID: member.id,
  PhoneNumber: isLid(member.id) ? (member.phoneNumber ?? '') : '',
  LID: isLid(member.id) ? member.id : '',
  IsAdmin: member.admin !== null,
  IsSuperAdmin: member.admin === 'superadmin',
  DisplayName: '',
  Error: 0,
  AddRequest: null,
});

/** `types.GroupInfo` of a group. */
export const whatsmeowGroupInfo = (group: TWhatsAppGroup) => {
  const created = new Date(group.creation * 1000).toISOString();
  return {
    JID: group.id,
    OwnerJID: group.owner ?? '',
    OwnerPN: '',
    Name: group.subject,
    NameSetAt: created,
    NameSetBy: '',
    NameSetByPN: '',
    Topic: group.desc ?? '',
    TopicID: group.desc ? `T${group.creation}` : '',
    TopicSetAt: created,
    TopicSetBy: '',
    TopicSetByPN: '',
    TopicDeleted: false,
    IsLocked: group.restrict,
    IsAnnounce: group.announce,
    AnnounceVersionID: '',
    IsEphemeral: false,
    DisappearingTimer: 0,
    IsIncognito: false,
    IsParent: false,
    DefaultMembershipApprovalMode: '',
    LinkedParentJID: '',
    IsDefaultSubGroup: false,
    IsJoinApprovalRequired: false,
    AddressingMode: group.participants.some((member) => isLid(member.id)) ? 'lid' : 'pn',
    GroupCreated: created,
    CreatorCountryCode: '',
    ParticipantVersionID: '',
    Participants: group.participants.map(participantOf),
    ParticipantCount: group.participants.length,
    MemberAddMode: 'admin_add',
    Suspended: false,
  };
};

const lists: Record<TWhatsAppMemberAction, string> = {
  add: 'Join',
  remove: 'Leave',
  promote: 'Promote',
  demote: 'Demote',
};

/** `events.GroupInfo` of a member change: the members' JIDs in the action's list, the others null. */
export const whatsmeowGroupEvent = (
  groupId: string,
  members: readonly TWhatsAppGroupMember[],
  action: TWhatsAppMemberAction,
  author: string | null,
) => ({
  JID: groupId,
  Notify: action === 'add' && !author ? 'invite' : '',
  Sender: author,
  SenderPN: author,
  Timestamp: new Date().toISOString(),
  Name: null,
  Topic: null,
  Locked: null,
  Announce: null,
  Ephemeral: null,
  MembershipApprovalMode: null,
  Delete: null,
  Link: null,
  Unlink: null,
  NewInviteLink: null,
  PrevParticipantVersionID: '',
  ParticipantVersionID: '',
  JoinReason: action === 'add' && !author ? 'invite' : '',
  Join: null,
  Leave: null,
  Promote: null,
  Demote: null,
  Suspended: false,
  Unsuspended: false,
  UnknownChanges: null,
  [lists[action]]: members.map((member) => member.id),
});
