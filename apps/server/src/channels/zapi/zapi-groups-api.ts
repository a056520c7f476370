import type { TZapiCall } from './zapi-api.js';

/*
 * Z-API's group calls, as its documentation describes them (developer.z-api.io, "Grupos"; read in the
 * Z-API/z-api-docs repository at commit 7021b82, docs/group/*.md, message/delete-message.md, tips/lid.md):
 * - Every call is under `/instances/{id}/token/{token}/` with the `Client-Token` header (zapi-api.ts).
 * - A group is a chat whose "ID/phone" is `120363019502650977-group` (groups made before 4 Nov 2021:
 *   `5511999999999-1623281429`). Calls name it as `groupId` (update-group-name, update-group-description,
 *   update-group-photo, add/remove-participant, add/remove-admin), or `phone` (update-group-settings, sends,
 *   DELETE messages), or in the path (light-group-metadata/{phone}).
 * - `GET groups?page=&pageSize=`: the group chats (`phone`, `name`), paged; no members there.
 * - `GET light-group-metadata/{phone}`: the group-metadata answer without the invite link (cheaper): `subject`,
 *   `description`, `adminOnlyMessage`, `adminOnlySettings`, `requireAdminApproval`, `participants` as
 *   `{ phone, isAdmin, isSuperAdmin }` (typed "string" in the table, booleans in the examples). A member's
 *   `phone` is their number, or their LID (`…@lid`) when WhatsApp gives no number (tips/lid.md).
 * - `POST create-group { autoInvite, groupName, phones }` answers `{ phone, invitationLink, phonesNotAdded }`
 *   (LIDs cannot be added at creation: they come back in `phonesNotAdded`).
 * - `POST group-invitation-link/{groupId}` answers `{ phone, invitationLink }` (group/get-invitation-link.md: the
 *   method is POST there, though it reads the link).
 * - The changes answer `{ value: true }`, or `{ value: false }` when they failed; why is not said.
 *   `add-participant` also takes `autoInvite` (send the link privately to whom cannot be added).
 * - `POST update-group-settings { phone, adminOnlyMessage, adminOnlySettings, requireAdminApproval,
 *   adminOnlyAddMember }` ("only admins can change group preferences").
 * - `update-group-photo { groupId, groupPhoto }`: a URL or base64 (as send-image: a data URL).
 * - `DELETE messages?messageId=&phone=&owner=`: deletes for everyone, `owner` false for a message we received;
 *   it answers 204.
 * - Mentions: send-text with `mentioned`, the numbers mentioned (group/mention-participant.md).
 */

/** A member as Z-API lists them: `phone` the number, or the LID (`…@lid`) when WhatsApp gives no number. */
export type TZapiGroupMember = {
  phone: string;
  isAdmin?: boolean | string | null;
  isSuperAdmin?: boolean | string | null;
};

/** `light-group-metadata`'s answer (the fields we read). */
export type TZapiGroupMetadata = {
  phone?: string | null;
  subject?: string | null;
  description?: string | null;
  adminOnlyMessage?: boolean | string | null;
  adminOnlySettings?: boolean | string | null;
  requireAdminApproval?: boolean | string | null;
  participants?: TZapiGroupMember[] | null;
};

/** A chat of `GET groups`. */
export type TZapiGroupChat = { phone?: string | null; name?: string | null };

/** What a change answers: `value` false when WhatsApp did not take it. */
export type TZapiDone = { value?: boolean | null };

export type TZapiMemberRoute = 'add-participant' | 'remove-participant' | 'add-admin' | 'remove-admin';

/** The `phone` Z-API names a group by, from its JID (`…@g.us`). */
export const zapiGroupPhone = (jid: string) => {
  const id = jid.replace(/@g\.us$/, '');
  return id.includes('-') ? id : `${id}-group`;
};

/** A group's JID from the `phone` Z-API gives it (either form, or a JID); null for anything else. */
export const groupJidOf = (phone: string | null | undefined) => {
  const match = /^(?:(\d+)-group|(\d+-\d+)|(\d+(?:-\d+)?)@g\.us)$/.exec(phone ?? '');
  const id = match?.[1] ?? match?.[2] ?? match?.[3];
  return id ? `${id}@g.us` : null;
};

/** A member's JID from the `phone` Z-API names them by (a number's digits, or a LID). */
export const memberJid = (phone: string) =>
  phone.includes('@') ? phone : `${phone.replace(/\D/g, '')}@s.whatsapp.net`;

/** The `phone` Z-API takes for a member: a number's digits, or the LID as `…@lid`. */
export const memberPhone = (jid: string) => {
  const [user = '', server = ''] = jid.split('@');
  const id = user.split(':')[0] ?? '';
  return server === 'lid' ? `${id}@lid` : id.replace(/\D/g, '');
};

export const zapiGroupCalls = (call: TZapiCall) => ({
  /** One page of the group chats of the number. */
  groups: (page: number, pageSize: number) => call<TZapiGroupChat[]>('GET', `groups?page=${page}&pageSize=${pageSize}`),
  groupMetadata: (groupPhone: string) =>
    call<TZapiGroupMetadata>('GET', `light-group-metadata/${encodeURIComponent(groupPhone)}`),
  /** A new group; no private invites are sent for whom WhatsApp does not let us add (`autoInvite` off). */
  createGroup: (groupName: string, phones: string[]) =>
    call<{ phone?: string | null; phonesNotAdded?: string[] | null; invitationLink?: string | null }>(
      'POST',
      'create-group',
      { autoInvite: false, groupName, phones },
      60_000,
    ),
  /** The group's invite link (`https://chat.whatsapp.com/…`). */
  invitationLink: (groupPhone: string) =>
    call<{ invitationLink?: string | null }>('POST', `group-invitation-link/${encodeURIComponent(groupPhone)}`),
  updateGroupName: (groupId: string, groupName: string) =>
    call<TZapiDone>('POST', 'update-group-name', { groupId, groupName }),
  updateGroupDescription: (groupId: string, groupDescription: string) =>
    call<TZapiDone>('POST', 'update-group-description', { groupId, groupDescription }),
  updateGroupPhoto: (groupId: string, groupPhoto: string) =>
    call<TZapiDone>('POST', 'update-group-photo', { groupId, groupPhoto }, 60_000),
  updateGroupSettings: (settings: {
    phone: string;
    adminOnlyMessage: boolean;
    adminOnlySettings: boolean;
    requireAdminApproval: boolean;
  }) => call<TZapiDone>('POST', 'update-group-settings', settings),
  updateMembers: (route: TZapiMemberRoute, groupId: string, phones: string[]) =>
    call<TZapiDone>(
      'POST',
      route,
      route === 'add-participant' ? { autoInvite: false, groupId, phones } : { groupId, phones },
    ),
  /** Deletes a message for everyone; `owner` false for one we received (a member's, in a group). */
  deleteMessage: (phone: string, messageId: string, owner: boolean) => {
    const query = new URLSearchParams({ messageId, phone, owner: String(owner) });
    return call<unknown>('DELETE', `messages?${query}`);
  },
});
