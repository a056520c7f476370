import type { TEvolutionCall } from './evolution-api.js';

/** A group member as Evolution passes Baileys' on: JID (a LID in LID groups), the phone's JID beside, the role. */
export type TEvolutionGroupMember = { id: string; phoneNumber?: string | null; admin?: string | null };

/** A group as Evolution answers it (Baileys' group metadata, plus the picture). */
export type TEvolutionGroup = {
  id: string;
  subject: string;
  desc?: string | null;
  size?: number;
  /** Only admins may send messages. */
  announce?: boolean;
  participants?: TEvolutionGroupMember[];
};

/** Baileys' answer for each member of groupParticipantsUpdate: `status` '200', or WhatsApp's error code. */
export type TEvolutionMemberOutcome = { status: string; jid: string };

export type TEvolutionGroupSetting = 'announcement' | 'not_announcement' | 'locked' | 'unlocked';

/**
 * The group calls of one instance (EvolutionAPI's group.router.ts): `/group/<action>/{instance}`, the group
 * named by the `groupJid` query parameter; and deleting a message for everyone (chat.router.ts).
 */
export const evolutionGroupCalls = (call: TEvolutionCall, instance: string) => {
  const of = (action: string, groupId: string) => `group/${action}/${instance}?groupJid=${encodeURIComponent(groupId)}`;
  return {
    /** Every group the number is in, with members (one call; WhatsApp answers them all at once). */
    fetchAllGroups: () =>
      call<TEvolutionGroup[]>('GET', `group/fetchAllGroups/${instance}?getParticipants=true`, undefined, 60_000),
    findGroupInfos: (groupId: string) => call<TEvolutionGroup>('GET', of('findGroupInfos', groupId)),
    /** A new group with these members (numbers or JIDs); Evolution leaves out numbers not on WhatsApp. */
    createGroup: (subject: string, participants: string[]) =>
      call<TEvolutionGroup>('POST', `group/create/${instance}`, { subject, participants }, 60_000),
    /** The group's invite code (`{ inviteUrl, inviteCode }`); a refusal is a 404 `['No invite code', …]`. */
    inviteCode: (groupId: string) => call<{ inviteCode?: string | null }>('GET', of('inviteCode', groupId)),
    updateGroupSubject: (groupId: string, subject: string) =>
      call<unknown>('POST', of('updateGroupSubject', groupId), { subject }),
    updateGroupDescription: (groupId: string, description: string) =>
      call<unknown>('POST', of('updateGroupDescription', groupId), { description }),
    /**
     * The group's picture: `image` a URL (the gateway downloads it) or the bytes in base64, which is what we
     * send (we download and check a URL ourselves). Answers 201 `{ update: 'success' }`; a refusal is a 500
     * `['Error update group picture', 'Error: forbidden']`.
     */
    updateGroupPicture: (groupId: string, image: string) =>
      call<unknown>('POST', of('updateGroupPicture', groupId), { image }, 60_000),
    updateGroupSetting: (groupId: string, action: TEvolutionGroupSetting) =>
      call<unknown>('POST', of('updateSetting', groupId), { action }),
    updateParticipants: (groupId: string, action: 'add' | 'remove' | 'promote' | 'demote', participants: string[]) =>
      call<{ updateParticipants?: TEvolutionMemberOutcome[] }>('POST', of('updateParticipant', groupId), {
        action,
        participants,
      }),
    /** Revokes a message; a member's message in a group names them as `participant` (admins only). */
    deleteForEveryone: (key: { id: string; remoteJid: string; fromMe: boolean; participant?: string }) =>
      call<unknown>('DELETE', `chat/deleteMessageForEveryone/${instance}`, key),
  };
};
