import type { TConnectionRow, TGroupParticipant, TGroupSummary } from '../types.js';
import { memberOf, roleOf } from './whatsapp-groups.js';

/**
 * A group member as the whatsmeow gateways (wuzapi, uazapi) answer it: `types.GroupParticipant` marshalled by Go
 * (`JID`, a LID in LID groups, with the phone's JID in `PhoneNumber` beside it; an empty JID is "").
 */
export type TWhatsmeowGroupMember = {
  JID: string;
  PhoneNumber?: string | null;
  LID?: string | null;
  IsAdmin?: boolean;
  IsSuperAdmin?: boolean;
};

/**
 * A group as they answer it: whatsmeow's `types.GroupInfo`, its embedded structs' fields at the top (`Name` of
 * GroupName, `Topic` of GroupTopic, `IsAnnounce` of GroupAnnounce). uazapi adds `OwnerIsAdmin` (our number is
 * admin there).
 */
export type TWhatsmeowGroup = {
  JID: string;
  Name?: string;
  Topic?: string;
  IsAnnounce?: boolean;
  IsLocked?: boolean;
  ParticipantCount?: number;
  Participants?: TWhatsmeowGroupMember[] | null;
  OwnerIsAdmin?: boolean;
};

export type TWhatsmeowGroupView = TGroupSummary & { participants: TGroupParticipant[] };

/** A group as we list it, with its members; our number (the one the session opened as) found among them. */
export const whatsmeowGroupView = (connection: TConnectionRow, group: TWhatsmeowGroup): TWhatsmeowGroupView => {
  const participants = (group.Participants ?? []).map((member) =>
    memberOf({
      id: member.JID,
      phoneNumber: member.PhoneNumber || null,
      admin: roleOf({ admin: member.IsAdmin === true, superAdmin: member.IsSuperAdmin === true }),
    }),
  );
  const ours = connection.number?.replace(/\D/g, '') || null;
  const me = participants.find((member) => ours && member.number === ours);
  return {
    id: group.JID,
    subject: group.Name ?? '',
    description: group.Topic || null,
    size: group.ParticipantCount || participants.length,
    isAdmin: typeof group.OwnerIsAdmin === 'boolean' ? group.OwnerIsAdmin : Boolean(me?.admin),
    adminsOnly: group.IsAnnounce === true,
    participants,
  };
};

/** The group's summary alone (lists leave the members out). */
export const whatsmeowGroupSummary = (connection: TConnectionRow, group: TWhatsmeowGroup): TGroupSummary => {
  const { participants: _members, ...summary } = whatsmeowGroupView(connection, group);
  return summary;
};
