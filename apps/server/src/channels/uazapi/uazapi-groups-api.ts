import type { TWhatsmeowGroup } from '../shared/whatsmeow-group-view.js';

/** One call of an instance (header `token`): the JSON answer, or a UazapiError with uazapi's `{ error }`. */
export type TUazapiCall = <T>(method: string, path: string, body?: unknown, timeout?: number) => Promise<T>;

/** WhatsApp's answer for each member of a participants update, as uazapi passes it on (`Error` 0: done). */
export type TUazapiMemberUpdate = { JID: string; Error?: number };

export type TUazapiMemberAction = 'add' | 'remove' | 'promote' | 'demote';

/**
 * The group routes of a uazapiGO v2 instance (its OpenAPI, tag "Grupos e Comunidades"), the group named by
 * `groupjid` in the body. A group is whatsmeow's `types.GroupInfo` plus `OwnerIsAdmin`; a change answers
 * `{ response, group }`. Refusals are documented as 403 (not admin) and 404 (group not found), `{ error }`.
 */
export const uazapiGroupCalls = (call: TUazapiCall) => ({
  /** Every group the number is in, members included (uazapi's cache of them). */
  listGroups: async () => (await call<{ groups?: TWhatsmeowGroup[] | null }>('GET', '/group/list')).groups ?? [],
  groupInfo: (groupJid: string) => call<TWhatsmeowGroup>('POST', '/group/info', { groupjid: groupJid }),
  /** The group with its invite link asked of WhatsApp too (`getInviteLink`: `invite_link` in the answer). */
  groupInviteLink: (groupJid: string) =>
    call<TWhatsmeowGroup & { invite_link?: string | null }>('POST', '/group/info', {
      groupjid: groupJid,
      getInviteLink: true,
    }),
  /** A new group; uazapi wants the members' numbers as digits. */
  createGroup: (name: string, numbers: string[]) =>
    call<TWhatsmeowGroup>('POST', '/group/create', { name, participants: numbers }, 60_000),
  updateName: (groupJid: string, name: string) =>
    call<unknown>('POST', '/group/updateName', { groupjid: groupJid, name }),
  updateDescription: (groupJid: string, description: string) =>
    call<unknown>('POST', '/group/updateDescription', { groupjid: groupJid, description }),
  updateAnnounce: (groupJid: string, announce: boolean) =>
    call<unknown>('POST', '/group/updateAnnounce', { groupjid: groupJid, announce }),
  /** The picture: a JPEG of at most 640x640 (WhatsApp takes nothing else), here as a data URL. */
  updateImage: (groupJid: string, jpeg: Buffer) =>
    call<unknown>(
      'POST',
      '/group/updateImage',
      { groupjid: groupJid, image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      60_000,
    ),
  /** Members by their JIDs (or numbers): WhatsApp's answer for each in `groupUpdated`. */
  updateParticipants: (groupJid: string, participants: string[], action: TUazapiMemberAction) =>
    call<{ groupUpdated?: TUazapiMemberUpdate[] | null }>('POST', '/group/updateParticipants', {
      groupjid: groupJid,
      action,
      participants,
    }),
  /**
   * Deletes a message for everyone by its WhatsApp id (uazapi finds it with the instance's owner, and knows its
   * chat and author): a member's message in a group too, when our number is admin there.
   */
  deleteMessage: (messageId: string) => call<unknown>('POST', '/message/delete', { id: messageId }),
});
