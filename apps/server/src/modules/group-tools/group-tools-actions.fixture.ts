import { describe, expect, it } from 'vitest';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import { groupScenarioTools } from './group-tools-scenario-tools.fixture.js';
import {
  adminGroup,
  memberGroup,
  ourJid,
  ourNumber,
  rita,
  startPictureServer,
  type TGroupToolsContext,
  type TGroupWorld,
} from './group-tools-world.fixture.js';

/** The group actions, with a result per group (our number is admin of one group, not of the other). */
export const describeGroupActionScenarios = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  const { call, members } = groupScenarioTools(world, ctx);

  describe('group actions', () => {
    it('POST /listGroup lists the groups of the number with where it is admin', async () => {
      const res = await call('POST', '/listGroup', { connectionId: ctx.connectionId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.groups).toEqual([
        { groupId: memberGroup, subject: 'Condomínio', description: null, size: 2, isAdmin: false, adminsOnly: false },
        {
          groupId: adminGroup,
          subject: 'Equipe de vendas',
          description: null,
          size: 2,
          isAdmin: true,
          adminsOnly: false,
        },
      ]);
    });

    it('POST /listGroupById and /listParticipants give the members, the creator and the contacts’ names', async () => {
      const { connectionId } = ctx;
      // The group's creator is a contact of the tenant's, saved with the number as typed.
      const contact = await call('POST', '/contacts', { name: 'Síndico Carlos', number: '+55 (11) 91111-2222' });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);
      const creator = { id: '5511911112222@s.whatsapp.net', number: '5511911112222', admin: true, superAdmin: true };
      const us = { id: world.listsLidMembersByPhone ? ourJid : '22233344455566@lid', number: ourNumber };
      const one = await call('POST', '/listGroupById', { connectionId, groupId: memberGroup });
      expect(one.status).toBe(200);
      expect(one.body.participants).toEqual([
        { ...creator, name: 'Síndico Carlos' },
        { ...us, admin: false, superAdmin: false, name: null },
      ]);
      const many = await call('POST', '/listParticipants', { connectionId, groupIds: [adminGroup, memberGroup] });
      expect(many.status).toBe(200);
      expect(many.body.results).toEqual([
        {
          groupId: adminGroup,
          ok: true,
          participants: [
            { id: ourJid, number: ourNumber, admin: true, superAdmin: true, name: null },
            { id: rita, number: '5511977770002', admin: false, superAdmin: false, name: null },
          ],
        },
        { groupId: memberGroup, ok: true, participants: one.body.participants },
      ]);
    });

    it('changes titles, descriptions and the admins-only setting where the number is admin, per group', async () => {
      const { connectionId } = ctx;
      const groupIds = [adminGroup, memberGroup];
      const titles = await call('POST', '/changeTitles', { connectionId, groupIds, title: 'Vendas 2026' });
      expect(titles.status, JSON.stringify(titles.body)).toBe(200);
      expect(titles.body.results).toEqual([
        { groupId: adminGroup, ok: true },
        { groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' },
      ]);
      expect(world.group(adminGroup)?.subject).toBe('Vendas 2026');
      expect(world.group(memberGroup)?.subject).toBe('Condomínio');
      const desc = await call('POST', '/changeDescriptions', { connectionId, groupIds, description: 'Só pedidos' });
      expect(desc.body.results[0]).toEqual({ groupId: adminGroup, ok: true });
      expect(world.group(adminGroup)?.desc).toBe('Só pedidos');
      const locked = await call('POST', '/setAdminsOnlyForGroups', { connectionId, groupIds, adminsOnly: true });
      expect(locked.body.results[1]).toEqual({ groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' });
      expect(world.group(adminGroup)?.announce).toBe(true);
      // Where the number is not admin, WhatsApp was not asked.
      expect(world.calls(memberGroup)).toEqual([]);
      expect(world.calls(adminGroup).map((made) => made.kind)).toEqual(['subject', 'description', 'setting']);
    });

    it('adds, promotes, demotes and removes members, each number answered', async () => {
      const { connectionId } = ctx;
      const groupIds = [adminGroup, memberGroup];
      const added = await call('POST', '/addParticipantsToGroups', {
        connectionId,
        groupIds,
        numbers: ['+55 11 93333-0001', '5511977770002'],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.results).toEqual([
        {
          groupId: adminGroup,
          ok: true,
          members: [
            { number: '5511933330001', ok: true },
            // Already in the group: WhatsApp's 409.
            { number: '5511977770002', ok: false, error: 'ERR_GROUP_MEMBER_ALREADY_IN' },
          ],
        },
        { groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' },
      ]);
      expect(world.calls(memberGroup)).toEqual([]);
      const member = '5511933330001@s.whatsapp.net';
      const admin = () => world.group(adminGroup)?.participants.find((p) => p.id === member)?.admin;
      const one = { connectionId, groupIds: [adminGroup], numbers: ['5511933330001'] };
      const promoted = await call('POST', '/promoteParticipantsInGroups', one);
      expect(promoted.body.results[0].ok).toBe(true);
      expect(admin()).toBe('admin');
      await call('POST', '/demoteParticipantsInGroups', one);
      expect(admin()).toBeNull();
      const removed = await call('POST', '/removeParticipantsFromGroups', one);
      expect(removed.body.results).toEqual([
        { groupId: adminGroup, ok: true, members: [{ number: '5511933330001', ok: true }] },
      ]);
      expect(members(adminGroup)).not.toContain(member);
      // Someone not in the group cannot be removed: WhatsApp's 404 for that member fails the group.
      const again = await call('POST', '/removeParticipantsFromGroups', one);
      expect(again.body.results).toEqual([
        {
          groupId: adminGroup,
          ok: false,
          error: 'ERR_GROUP_MEMBER_NOT_IN_GROUP',
          members: [{ number: '5511933330001', ok: false, error: 'ERR_GROUP_MEMBER_NOT_IN_GROUP' }],
        },
      ]);
    });

    it('POST /createGroups makes each group with its members', async () => {
      const res = await call('POST', '/createGroups', {
        connectionId: ctx.connectionId,
        groups: [{ subject: 'Clientes VIP', participants: ['5511944440001'] }],
      });
      expect(res.status).toBe(200);
      const [result] = res.body.results;
      expect(result).toMatchObject({ subject: 'Clientes VIP', ok: true });
      expect(result.groupId).toMatch(/@g\.us$/);
      // Its invite link, as WhatsApp keeps it for the new group.
      const code = world.group(result.groupId)?.inviteCode;
      expect(code).toMatch(/^\w{10,}$/);
      expect(result.inviteLink).toBe(`https://chat.whatsapp.com/${code}`);
      expect(world.group(result.groupId)?.participants).toEqual([
        { id: ourJid, admin: 'superadmin' },
        { id: '5511944440001@s.whatsapp.net', admin: null },
      ]);
    });

    it('changes the pictures of the groups where the number is admin, from a file or a URL', async () => {
      const { connectionId } = ctx;
      const form = (groupIds: string, file: Buffer = samplePng, type = 'image/png') =>
        multipartBody([
          { name: 'connectionId', value: String(connectionId) },
          { name: 'groupIds', value: groupIds },
          { name: 'file', filename: 'foto.png', type, data: file },
        ]);
      const upload = (groupIds: string, token: string | null = ctx.fx.tokens.admin, file?: Buffer) =>
        ctx.t.request('POST', '/changePicturesFile', {
          token: token ?? undefined,
          ...form(groupIds, file, file ? 'text/plain' : undefined),
        });
      const filed = await upload(JSON.stringify([adminGroup, memberGroup]));
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
      expect(filed.body.results).toEqual([
        { groupId: adminGroup, ok: true },
        { groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' },
      ]);
      expect(world.picture(adminGroup)).toEqual(await (world.pictureSent?.(samplePng) ?? samplePng));
      expect(world.calls(memberGroup)).toEqual([]);
      const notImage = await upload(adminGroup, ctx.fx.tokens.admin, Buffer.from('só texto'));
      expect(notImage.status).toBe(400);
      expect(notImage.body.field).toBe('file');
      const noGroups = await upload('[]');
      expect(noGroups.status).toBe(400);
      expect(noGroups.body.field).toBe('groupIds');
      expect((await upload(adminGroup, ctx.fx.tokens.agent)).status).toBe(403);
      expect((await upload(adminGroup, null)).status).toBe(401);

      const pictures = await startPictureServer();
      try {
        const byUrl = await call('POST', '/changePicturesUrl', {
          connectionId,
          groupIds: [memberGroup, adminGroup],
          url: pictures.url('/foto.png'),
        });
        expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(200);
        expect(byUrl.body.results).toEqual([
          { groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' },
          { groupId: adminGroup, ok: true },
        ]);
        expect(world.calls(adminGroup).filter((made) => made.kind === 'picture')).toHaveLength(2);
        const text = await call('POST', '/changePicturesUrl', {
          connectionId,
          groupIds: [adminGroup],
          url: pictures.url('/texto.txt'),
        });
        expect(text.status).toBe(400);
        expect(text.body.field).toBe('url');
        const missing = await call('POST', '/changePicturesUrl', {
          connectionId,
          groupIds: [adminGroup],
          url: pictures.url('/nada.png'),
        });
        expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'url' });
      } finally {
        await pictures.close();
      }
      const notUrl = await call('POST', '/changePicturesUrl', { connectionId, groupIds: [adminGroup], url: 'ftp://x' });
      expect(notUrl.status).toBe(400);
      expect(notUrl.body.field).toBe('url');
      const stranger = await call(
        'POST',
        '/changePicturesUrl',
        { connectionId, groupIds: [adminGroup], url: 'https://exemplo.com/foto.png' },
        ctx.other.tokens.admin,
      );
      expect(stranger.status).toBe(404);
      expect(stranger.body.field).toBe('connectionId');
    });

    it('refuses agents, other tenants, channels without groups and bad input', async () => {
      const { connectionId, fx, other } = ctx;
      expect((await call('POST', '/listGroup', { connectionId }, null)).status).toBe(401);
      expect((await call('POST', '/listGroup', { connectionId }, fx.tokens.agent)).status).toBe(403);
      const stranger = await call('POST', '/listGroup', { connectionId }, other.tokens.admin);
      expect(stranger.status).toBe(404);
      expect(stranger.body.field).toBe('connectionId');
      const webchat = await call('POST', '/listGroup', { connectionId: ctx.webchatId });
      expect(webchat.status).toBe(400);
      expect(webchat.body).toMatchObject({ error: 'ERR_GROUP_TOOLS_UNAVAILABLE', field: 'connectionId' });
      const bad = await call('POST', '/changeTitles', { connectionId, groupIds: ['nope'], title: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toMatch(/^groupIds/);
      const noTitle = await call('POST', '/changeTitles', { connectionId, groupIds: [adminGroup] });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.field).toBe('title');
    });
  });
};
