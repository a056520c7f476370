import { randomBytes, randomInt } from 'node:crypto';
import { nowSeconds } from './whatsapp-protocol.js';

// WhatsApp's groups as the gateway fakes play them (Evolution, wuzapi, uazapi): who is in which group and with
// what role, what a number may do there, and how members change. How a gateway asks and answers (its paths, its
// group JSON, its refusals) stays in its own fake.

/** A member: JID (a LID in LID groups), the phone's JID beside a LID, the role. */
export type TWhatsAppGroupMember = { id: string; phoneNumber?: string; admin: 'admin' | 'superadmin' | null };

/** A group as WhatsApp holds it (shared by every number of a fake server, as WhatsApp is). */
export type TWhatsAppGroup = {
  id: string;
  subject: string;
  desc: string | null;
  /** Only admins may send messages. */
  announce: boolean;
  /** Only admins may edit the group's info. */
  restrict: boolean;
  owner: string | null;
  creation: number;
  participants: TWhatsAppGroupMember[];
  /** The picture a gateway set, as the bytes WhatsApp got. */
  picture?: Buffer | null;
  /** The invite code (`https://chat.whatsapp.com/<code>`), made the first time an admin asks for it. */
  inviteCode?: string;
};

export type TWhatsAppMemberAction = 'add' | 'remove' | 'promote' | 'demote';
export const isMemberAction = (action: unknown): action is TWhatsAppMemberAction =>
  action === 'add' || action === 'remove' || action === 'promote' || action === 'demote';

/** What WhatsApp answered instead of a result: `forbidden`, `item-not-found`, ... (whatsmeow and Baileys say so). */
export class WhatsAppRefusal extends Error {
  override toString() {
    return `Error: ${this.message}`;
  }
}

/** A group as a test puts it in WhatsApp, the rest defaulted. */
export const newGroup = (
  group: Omit<TWhatsAppGroup, 'creation' | 'owner' | 'restrict'> & Partial<TWhatsAppGroup>,
): TWhatsAppGroup => ({ restrict: false, owner: null, creation: nowSeconds(), ...group });

/** Whether a member is the number (its phone JID), listed by its phone or by a LID with the phone beside. */
export const isMe = (member: TWhatsAppGroupMember, me: string | null) =>
  me !== null && (member.id === me || member.phoneNumber === me);

/** A new group's JID, as WhatsApp makes them (`1203630…@g.us`). */
export const newGroupJid = () => `1203630${String(randomInt(1e10)).padStart(11, '0')}@g.us`;

/** A group's invite code as WhatsApp makes them (22 letters and digits), kept until revoked. */
export const inviteCodeOf = (group: { inviteCode?: string }) => {
  group.inviteCode ??= randomBytes(16).toString('base64url').replace(/[-_]/g, 'A').slice(0, 22);
  return group.inviteCode;
};

/**
 * WhatsApp's side of one number's group calls (`me`: its phone JID, null while its session is closed): closed
 * sessions, unknown groups, groups it is not in and, for changes, non-admins refused as WhatsApp does.
 */
export const groupsOfNumber = (groups: Map<string, TWhatsAppGroup>, me: string | null) => {
  const metadata = (jid: string) => {
    if (me === null) throw new WhatsAppRefusal('Connection Closed');
    const group = groups.get(jid);
    if (!group) throw new WhatsAppRefusal('item-not-found');
    if (!group.participants.some((member) => isMe(member, me))) throw new WhatsAppRefusal('forbidden');
    return group;
  };
  /** The group, when the number is one of its admins (WhatsApp's 403 "forbidden" otherwise). */
  const asAdmin = (jid: string) => {
    const group = metadata(jid);
    if (!group.participants.some((member) => isMe(member, me) && member.admin)) throw new WhatsAppRefusal('forbidden');
    return group;
  };
  return {
    metadata,
    asAdmin,
    /** The group's invite code: WhatsApp tells its admins only. */
    inviteCode: (jid: string) => inviteCodeOf(asAdmin(jid)),
    /** The groups the number is in. */
    mine: () => [...groups.values()].filter((group) => group.participants.some((member) => isMe(member, me))),
    /** A new group, the number its creator (superadmin), with these members (JIDs). */
    create: (subject: string, members: string[], options: { desc?: string | null; admins?: boolean } = {}) => {
      if (me === null) throw new WhatsAppRefusal('Connection Closed');
      const group = newGroup({
        id: newGroupJid(),
        subject,
        desc: options.desc ?? null,
        announce: false,
        owner: me,
        participants: [
          { id: me, admin: 'superadmin' },
          ...members.map((id) => ({ id, admin: options.admins ? ('admin' as const) : null })),
        ],
      });
      groups.set(group.id, group);
      return group;
    },
  };
};

/**
 * One member of a participants update asked by an admin: WhatsApp's status for them ('200', '409' already in,
 * '404' not in), the group changed when it is '200'.
 */
export const memberStatus = (group: TWhatsAppGroup, jid: string, action: TWhatsAppMemberAction) => {
  const index = group.participants.findIndex((member) => member.id === jid || member.phoneNumber === jid);
  const member = group.participants[index];
  if (action === 'add') {
    if (member) return '409';
    group.participants.push({ id: jid, admin: null });
    return '200';
  }
  if (!member) return '404';
  if (action === 'remove') group.participants.splice(index, 1);
  else member.admin = action === 'promote' ? 'admin' : null;
  return '200';
};

/** Members join or leave, or are promoted or demoted, by someone else's hand (or a link): the group changes. */
export const changeMembers = (
  group: TWhatsAppGroup,
  members: TWhatsAppGroupMember[],
  action: TWhatsAppMemberAction,
) => {
  const ids = new Set(members.map((member) => member.id));
  if (action === 'add') group.participants.push(...members.map((member) => ({ ...member, admin: null })));
  else if (action === 'remove') group.participants = group.participants.filter((member) => !ids.has(member.id));
  else
    for (const member of group.participants)
      if (ids.has(member.id)) member.admin = action === 'promote' ? 'admin' : null;
};
