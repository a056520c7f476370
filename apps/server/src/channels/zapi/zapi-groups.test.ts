import { describe, expect, it } from 'vitest';
import { ChannelGroupError, type TConnectionRow } from '../types.js';
import { type TZapiClient, ZapiError } from './zapi-api.js';
import { createZapiGroupAdmin } from './zapi-groups.js';

// The Z-API group administration over a client that answers as told: what each answer becomes.

const connection = { number: '+5511940005000' } as TConnectionRow;
const groupId = '120363000000000001@g.us';
const metadata = (participants: { phone: string; isAdmin: boolean | string; isSuperAdmin?: boolean | string }[]) => ({
  phone: '120363000000000001-group',
  subject: 'Vendas',
  description: '',
  adminOnlyMessage: false,
  adminOnlySettings: 'true',
  requireAdminApproval: false,
  participants,
});

/** A client whose calls answer `answers[call]` (a value, or an error to throw); every call is recorded. */
const clientAnswering = (answers: Record<string, unknown>) => {
  const calls: { call: string; args: unknown[] }[] = [];
  const client = new Proxy({} as TZapiClient, {
    get:
      (_target, call: string) =>
      async (...args: unknown[]) => {
        calls.push({ call, args });
        const answer = answers[call];
        if (answer instanceof Error) throw answer;
        return answer;
      },
  });
  return { admin: createZapiGroupAdmin(() => client), calls };
};

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof ChannelGroupError ? err.code : err),
  );

describe('createZapiGroupAdmin', () => {
  it("reads the members, and where our number is admin, from Z-API's metadata", async () => {
    const { admin } = clientAnswering({
      groupMetadata: metadata([
        { phone: '5511940005000', isAdmin: 'true' },
        { phone: '99988877766655@lid', isAdmin: false },
        { phone: '5511911112222', isAdmin: false, isSuperAdmin: 'true' },
      ]),
    });
    expect(await admin.get(connection, groupId)).toEqual({
      id: groupId,
      subject: 'Vendas',
      description: null,
      size: 3,
      isAdmin: true,
      adminsOnly: false,
      participants: [
        { id: '5511940005000@s.whatsapp.net', number: '5511940005000', admin: true, superAdmin: false },
        { id: '99988877766655@lid', number: null, admin: false, superAdmin: false },
        // The creator: an admin too, whatever `isAdmin` says.
        { id: '5511911112222@s.whatsapp.net', number: '5511911112222', admin: true, superAdmin: true },
      ],
    });
  });

  it("turns `value: false` and WhatsApp's words into catalogue codes; other failures pass through", async () => {
    const answered = (answer: unknown) =>
      codeOf(clientAnswering({ updateGroupName: answer }).admin.setSubject(connection, groupId, 'x'));
    expect(await answered({ value: true })).toBeNull();
    expect(await answered({ value: false })).toBe('ERR_GROUP_ACTION_FAILED');
    expect(await answered(new ZapiError(400, 'forbidden'))).toBe('ERR_GROUP_NOT_ADMIN');
    expect(await answered(new ZapiError(400, 'Group not found'))).toBe('ERR_GROUP_NOT_FOUND');
    const unreachable = new ZapiError(0, 'network: ECONNREFUSED');
    expect(await answered(unreachable)).toBe(unreachable);
  });

  it('answers each member from the members before the call, and a refusal where our number is not admin', async () => {
    const members = metadata([
      { phone: '5511940005000', isAdmin: false },
      { phone: '5511977770002', isAdmin: false },
    ]);
    const member = '5511977770002@s.whatsapp.net';
    const stranger = '5511933330001@s.whatsapp.net';
    const added = clientAnswering({ groupMetadata: members, updateMembers: { value: true } });
    expect(await added.admin.updateParticipants(connection, groupId, [stranger, member], 'add')).toEqual([
      { id: stranger, ok: true },
      { id: member, ok: false, error: 'ERR_GROUP_MEMBER_ALREADY_IN' },
    ]);
    // Only who can be added is asked, with Z-API's names and no private invites.
    expect(added.calls.at(-1)).toEqual({
      call: 'updateMembers',
      args: ['add-participant', '120363000000000001-group', ['5511933330001']],
    });
    const removed = clientAnswering({ groupMetadata: members, updateMembers: { value: false } });
    expect(await codeOf(removed.admin.updateParticipants(connection, groupId, [member], 'remove'))).toBe(
      'ERR_GROUP_NOT_ADMIN',
    );
    expect(await removed.admin.updateParticipants(connection, groupId, [stranger], 'remove')).toEqual([
      { id: stranger, ok: false, error: 'ERR_GROUP_MEMBER_NOT_IN_GROUP' },
    ]);
  });

  it("reads a group's invite code from its link, at creation or asked", async () => {
    const link = { invitationLink: 'https://chat.whatsapp.com/C1adgkdEGki7554BWDdMkd' };
    const { admin, calls } = clientAnswering({
      createGroup: { phone: '120363000000000005-group', phonesNotAdded: [], ...link },
      invitationLink: { phone: '120363000000000001-group', ...link },
    });
    const created = await admin.create(connection, 'Turma', ['5511933330001@s.whatsapp.net']);
    expect(created).toMatchObject({ id: '120363000000000005@g.us', inviteCode: 'C1adgkdEGki7554BWDdMkd' });
    expect(await admin.inviteCode?.(connection, groupId)).toBe('C1adgkdEGki7554BWDdMkd');
    expect(calls.at(-1)).toEqual({ call: 'invitationLink', args: ['120363000000000001-group'] });
  });

  it('sends the other settings back as they were, and pictures as data URLs', async () => {
    const { admin, calls } = clientAnswering({
      groupMetadata: metadata([]),
      updateGroupSettings: { value: true },
      updateGroupPhoto: { value: true },
    });
    await admin.setAdminsOnly(connection, groupId, true);
    expect(calls.at(-1)?.args).toEqual([
      {
        phone: '120363000000000001-group',
        adminOnlyMessage: true,
        adminOnlySettings: true,
        requireAdminApproval: false,
      },
    ]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await admin.setPicture(connection, groupId, png);
    expect(calls.at(-1)?.args).toEqual(['120363000000000001-group', `data:image/png;base64,${png.toString('base64')}`]);
  });
});
