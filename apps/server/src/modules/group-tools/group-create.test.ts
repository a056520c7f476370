import { describe, expect, it } from 'vitest';
import type { TGroupAdmin } from '../../channels/host/modules-door.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import { newGroupInviteLink } from './group-create.js';

// A new group's invite link: from the provider's answer, asked afterwards, or none (the group made either way).
describe('newGroupInviteLink', () => {
  const connection = { id: 7 } as TConnectionRow;
  const group = {
    id: '120363000000000005@g.us',
    subject: 'Turma 1',
    description: null,
    size: 2,
    isAdmin: true,
    adminsOnly: false,
  };
  const warnings: unknown[] = [];
  const services = { log: { warn: (entry: unknown) => warnings.push(entry) } } as never;
  const adminWith = (inviteCode?: TGroupAdmin['inviteCode']) => ({ inviteCode }) as TGroupAdmin;

  it('takes the code the provider answered with the group, without asking again', async () => {
    const asked: string[] = [];
    const admin = adminWith(async (_connection, groupId) => {
      asked.push(groupId);
      return 'OTHER';
    });
    const link = await newGroupInviteLink(services, { connection, admin }, { ...group, inviteCode: 'AbC123dEf' });
    expect(link).toBe('https://chat.whatsapp.com/AbC123dEf');
    expect(asked).toEqual([]);
  });

  it('asks the provider for the new group’s code otherwise', async () => {
    const admin = adminWith(async (_connection, groupId) => (groupId === group.id ? 'Zz9-Yy8_Xx7' : null));
    expect(await newGroupInviteLink(services, { connection, admin }, group)).toBe(
      'https://chat.whatsapp.com/Zz9-Yy8_Xx7',
    );
  });

  it('is null where the provider cannot tell it, has none, or the call failed (logged)', async () => {
    expect(await newGroupInviteLink(services, { connection, admin: adminWith() }, group)).toBeNull();
    expect(await newGroupInviteLink(services, { connection, admin: adminWith(async () => null) }, group)).toBeNull();
    const failing = adminWith(async () => {
      throw new Error('forbidden');
    });
    expect(await newGroupInviteLink(services, { connection, admin: failing }, group)).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
