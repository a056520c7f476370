import type { TWhatsmeowGroup } from '../shared/whatsmeow-group-view.js';
import type { TWuzapiCall } from './wuzapi-api.js';

export type TWuzapiMemberAction = 'add' | 'remove' | 'promote' | 'demote';

/**
 * The group routes of a wuzapi user (asternic/wuzapi routes.go and handlers.go: ListGroups, GetGroupInfo,
 * GetGroupInviteLink, CreateGroup, SetGroupName, SetGroupTopic, SetGroupAnnounce, SetGroupPhoto,
 * UpdateGroupParticipants), the group named by `GroupJID`. Each answers `{ code, data, success }`: a group is
 * whatsmeow's `types.GroupInfo`, a change answers `data: { Details }` only.
 * NOTE: a refusal of WhatsApp (not admin, not in the group) answers 500 with no words at all: those handlers
 * pass wuzapi's `Respond` a string that is not JSON, so it writes `{ code: 500, success: true }`.
 */
export const wuzapiGroupCalls = (call: TWuzapiCall) => {
  const change = (path: string, body: Record<string, unknown>, timeout?: number) =>
    call<unknown>('POST', path, { body, timeout });
  return {
    /** Every group the number is in, members included (one call: WhatsApp answers them all at once). */
    listGroups: async () =>
      (await call<{ Groups?: TWhatsmeowGroup[] | null }>('GET', '/group/list', { timeout: 60_000 })).Groups ?? [],
    /**
     * One group, asked of WhatsApp. The group goes in the query (`groupJID`): releases before mid-2025 read it
     * from a GET body instead, which fetch cannot send; they answer 400 and the caller falls back to the list.
     */
    groupInfo: (groupJid: string) =>
      call<TWhatsmeowGroup>('GET', `/group/info?groupJID=${encodeURIComponent(groupJid)}`),
    /** The group's invite link (`reset` left out: the current one, not a new one). */
    inviteLink: (groupJid: string) =>
      call<{ InviteLink?: string | null }>('GET', `/group/invitelink?groupJID=${encodeURIComponent(groupJid)}`),
    /** A new group with these members (numbers or JIDs): the new group's info. */
    createGroup: (name: string, participants: string[]) =>
      call<TWhatsmeowGroup>('POST', '/group/create', { body: { name, participants }, timeout: 60_000 }),
    setGroupName: (groupJid: string, name: string) => change('/group/name', { GroupJID: groupJid, Name: name }),
    /** The description; wuzapi refuses an empty `Topic` (400 "missing Topic in Payload"). */
    setGroupTopic: (groupJid: string, topic: string) => change('/group/topic', { GroupJID: groupJid, Topic: topic }),
    setGroupAnnounce: (groupJid: string, announce: boolean) =>
      change('/group/announce', { GroupJID: groupJid, Announce: announce }),
    /** The picture as a JPEG data URL (newer releases check the JPEG magic bytes and answer 400 otherwise). */
    setGroupPhoto: (groupJid: string, jpeg: Buffer) =>
      change(
        '/group/photo',
        { GroupJID: groupJid, Image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
        60_000,
      ),
    /**
     * Adds, removes, promotes or demotes members (JIDs): `Phone` is the list's name in wuzapi's handler; one
     * variant seen in the wild names it `Participants`, so both carry it (Go ignores the unknown one). wuzapi
     * drops WhatsApp's answer for each member: a 200 says only that WhatsApp took the request.
     */
    updateParticipants: (groupJid: string, participants: string[], action: TWuzapiMemberAction) =>
      change('/group/updateparticipants', {
        GroupJID: groupJid,
        Phone: participants,
        Participants: participants,
        Action: action,
      }),
  };
};
