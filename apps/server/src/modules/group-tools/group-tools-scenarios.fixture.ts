import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import { messages, tickets } from '../../platform/db/schema.js';
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

export * from './group-tools-world.fixture.js';

// The group tools' behaviour on one WhatsApp channel, told by scenarios every provider with `groupAdmin` runs
// against its own fake (group-tools.int.test.ts for Baileys, group-tools-<provider>.int.test.ts for the
// gateways): the group actions with a result per group (our number is admin of one group, not of the other) and
// the enforcement on joins, leaves and messages. The fake behind a `TGroupWorld` plays WhatsApp; a gateway that
// cannot delete members' messages (`deletesMembersMessages: false`, wuzapi) runs the word list's own scenario.
export const describeGroupToolScenarios = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  const call = (method: string, path: string, body?: unknown, token: string | null = ctx.fx.tokens.admin) =>
    ctx.t.request(method, path, { token: token ?? undefined, body });

  /** Waits until the word filter handled the message the channel gave this id (its job completed). */
  const filtered = (externalId: string) =>
    eventually(async () => {
      const { rows } = (await ctx.t.db.execute(
        sql`select count(*)::int as done from pgboss.job j join messages m on m.id = (j.data->'payload'->>'messageId')::int
          where j.data->>'job' = 'event.group-word-filter' and j.state = 'completed' and m.message_id = ${externalId}`,
      )) as unknown as { rows: { done: number }[] };
      expect(rows[0]?.done).toBe(1);
    }, 20_000);

  const members = (jid: string) => world.group(jid)?.participants.map((member) => member.id) ?? [];
  const deletes = world.deletesMembersMessages !== false;

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

  describe('enforcement', () => {
    it('removes a banned number as soon as it joins, and greets the others', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      expect((await call('POST', '/banList', { ...scope, number: '5511966660001' })).status).toBe(201);
      const greeting = await call('POST', '/greetingMessage', {
        ...scope,
        message: 'Bem-vindo, {{name}}, ao {{group}}!',
      });
      expect(greeting.status).toBe(201);
      const intruder = '5511966660001@s.whatsapp.net';
      const newcomer = '5511966660002@s.whatsapp.net';
      await world.groupChange(adminGroup, [{ id: intruder }, { id: newcomer }], 'add', null);
      await eventually(() => {
        expect(members(adminGroup)).not.toContain(intruder);
        expect(members(adminGroup)).toContain(newcomer);
      });
      expect(world.calls(adminGroup)).toContainEqual({ kind: 'participants', args: [[intruder], 'remove'] });
      await eventually(() => {
        expect(world.texts(adminGroup)).toContainEqual({
          text: 'Bem-vindo, @5511966660002, ao Vendas 2026!',
          mentions: [newcomer],
        });
      }, 15_000);
      // The intruder was not greeted.
      expect(JSON.stringify(world.texts(adminGroup))).not.toContain('5511966660001');
    });

    it('says goodbye to a member who leaves when the group has a farewell', async () => {
      const farewell = { connectionId: ctx.connectionId, groupId: adminGroup, message: 'Até logo, {{name}}.' };
      expect((await call('POST', '/farewellMessage', farewell)).status).toBe(201);
      await world.groupChange(adminGroup, [{ id: '5511966660002@s.whatsapp.net' }], 'remove', null);
      await eventually(() => {
        expect(world.texts(adminGroup)).toContainEqual({ text: 'Até logo, @5511966660002.', mentions: [] });
      }, 15_000);
    });

    it('sends the private farewell to who leaves, in their own conversation, not to the banned', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      const created = await call('POST', '/groupFarewellPrivateMessage', {
        ...scope,
        message: 'Obrigado por participar do {{group}}, {{name}}!',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const leaver = '5511966660007@s.whatsapp.net';
      // On the ban list (removed on joining above), and a member known by a LID alone.
      const banned = '5511966660001@s.whatsapp.net';
      const lidOnly = '99988877766655@lid';
      await world.groupChange(adminGroup, [{ id: banned }, { id: leaver }, { id: lidOnly }], 'remove', null);
      await eventually(() => {
        expect(world.privateTexts('5511966660007')).toEqual([
          'Obrigado por participar do Vendas 2026, +5511966660007!',
        ]);
        expect(world.texts(adminGroup)).toContainEqual({
          text: 'Até logo, @5511966660007, @99988877766655.',
          mentions: [],
        });
      }, 15_000);
      // One private farewell in all, on a closed ticket of the member's own: no agent's list grew.
      const sent = await ctx.t.db
        .select({ status: tickets.status, isGroup: tickets.isGroup })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(and(eq(messages.tenantId, ctx.fx.tenantId), eq(messages.sendType, 'groupFarewellPrivate')));
      expect(sent).toEqual([{ status: 'closed', isGroup: false }]);
      expect(world.privateTexts('5511966660001')).toEqual([]);
    });

    it.runIf(deletes)('deletes a message with a banned word for everyone and warns its sender', async () => {
      const word = { connectionId: ctx.connectionId, groupId: adminGroup, word: 'promoção', action: 'warn' };
      expect((await call('POST', '/wordList', word)).status).toBe(201);
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPWORD1', text: 'Olha essa PROMOCAO imperdível', pushName: 'Rita' },
      ]);
      await eventually(() => {
        expect(world.deleted(adminGroup)).toContainEqual({ id: 'GRPWORD1', participant: rita });
        expect(world.texts(adminGroup)).toContainEqual({
          text: '@5511977770002 sua mensagem foi apagada porque contém uma palavra proibida neste grupo.',
          mentions: [rita],
        });
      }, 15_000);
      expect(members(adminGroup)).toContain(rita);
      // The agents see it deleted as well.
      const [stored] = await ctx.t.db.select().from(messages).where(eq(messages.messageId, 'GRPWORD1'));
      expect(stored?.isDeleted).toBe(true);
    });

    it.runIf(deletes)('removes the sender when the word says so, and lets clean messages be', async () => {
      const word = { connectionId: ctx.connectionId, groupId: adminGroup, word: 'golpe', action: 'remove' };
      expect((await call('POST', '/wordList', word)).status).toBe(201);
      const before = world.deleted(adminGroup).length;
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPCLEAN1', text: 'Bom dia, pessoal', pushName: 'Rita' },
        { participant: rita, id: 'GRPWORD2', text: 'isso é GOLPE', pushName: 'Rita' },
      ]);
      await eventually(() => expect(members(adminGroup)).not.toContain(rita), 15_000);
      await filtered('GRPCLEAN1');
      expect(world.deleted(adminGroup).slice(before)).toEqual([{ id: 'GRPWORD2', participant: rita }]);
    });

    it.runIf(!deletes)("where the gateway cannot delete members' messages, banned words are only logged", async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      expect((await call('POST', '/wordList', { ...scope, word: 'promoção', action: 'warn' })).status).toBe(201);
      expect((await call('POST', '/wordList', { ...scope, word: 'golpe', action: 'remove' })).status).toBe(201);
      const texts = world.texts(adminGroup).length;
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPWORD1', text: 'Olha essa PROMOCAO imperdível', pushName: 'Rita' },
      ]);
      await filtered('GRPWORD1');
      await world.receive(adminGroup, [{ participant: rita, id: 'GRPWORD2', text: 'isso é GOLPE', pushName: 'Rita' }]);
      await filtered('GRPWORD2');
      expect(world.deleted(adminGroup)).toEqual([]);
      expect(world.texts(adminGroup)).toHaveLength(texts);
      expect(members(adminGroup)).toContain(rita);
      const [stored] = await ctx.t.db.select().from(messages).where(eq(messages.messageId, 'GRPWORD1'));
      expect(stored?.isDeleted).toBe(false);
    });

    it('where the number is not admin, banned members and words stay, and nothing fails', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: memberGroup };
      await call('POST', '/banList', { ...scope, number: '5511966660003' });
      await call('POST', '/wordList', { ...scope, word: 'spam', action: 'remove' });
      const intruder = '5511966660003@s.whatsapp.net';
      await world.groupChange(memberGroup, [{ id: intruder }], 'add', null);
      // WhatsApp refused the removal (403): the member stays.
      await eventually(() => {
        expect(world.calls(memberGroup)).toContainEqual({ kind: 'participants', args: [[intruder], 'remove'] });
      });
      expect(members(memberGroup)).toContain(intruder);
      await world.receive(memberGroup, [
        { participant: '5511911112222@s.whatsapp.net', id: 'GRPSPAM1', text: 'compre já, spam', pushName: 'Síndico' },
      ]);
      await filtered('GRPSPAM1');
      expect(world.texts(memberGroup)).toEqual([]);
      expect(world.deleted(memberGroup)).toEqual([]);
    });

    it('does not greet our own number when it is added to a group', async () => {
      const groupId = '120363000000000003@g.us';
      world.addGroup(groupId, 'Fornecedores', [{ id: '5511922223333@s.whatsapp.net', admin: 'superadmin' }]);
      await call('POST', '/greetingMessage', { connectionId: ctx.connectionId, groupId, message: 'Oi {{name}}' });
      await world.groupChange(groupId, [{ id: ourJid }], 'add', '5511922223333@s.whatsapp.net');
      await world.groupChange(groupId, [{ id: '5511922224444@s.whatsapp.net' }], 'add', null);
      await eventually(() => expect(world.texts(groupId).length).toBeGreaterThan(0), 15_000);
      expect(world.texts(groupId)).toEqual([{ text: 'Oi @5511922224444', mentions: ['5511922224444@s.whatsapp.net'] }]);
    });
  });

  describe('logs', () => {
    type TLog = { action: string; members: string[]; detail: string | null; ok: boolean; error: string | null };
    const logsOf = (kind: string, groupId: string, token: string | null = ctx.fx.tokens.admin) =>
      call('GET', `/${kind}/${encodeURIComponent(groupId)}/logs?connectionId=${ctx.connectionId}`, undefined, token);
    const entries = async (kind: string, groupId: string) => {
      const res = await logsOf(kind, groupId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.logs as TLog[]).map(({ action, members, detail, ok, error }) => ({
        action,
        members,
        detail,
        ok,
        error,
      }));
    };
    const done = (action: string, members: string[], detail: string | null = null) => ({
      action,
      members,
      detail,
      ok: true,
      error: null,
    });
    const refused = (action: string, members: string[], error: string, detail: string | null = null) => ({
      action,
      members,
      detail,
      ok: false,
      error,
    });

    it('tells what each tool did in a group and what it could not do, newest first', async () => {
      expect(await entries('banList', adminGroup)).toEqual([done('bannedRemoved', ['5511966660001'])]);
      expect(await entries('banList', memberGroup)).toEqual([
        refused('bannedRemoved', ['5511966660003'], 'ERR_GROUP_NOT_ADMIN'),
      ]);
      expect(await entries('wordList', adminGroup)).toEqual(
        deletes
          ? [done('wordRemoved', ['5511977770002'], 'golpe'), done('wordWarned', ['5511977770002'], 'promoção')]
          : [
              refused('wordRemoved', ['5511977770002'], 'ERR_GROUP_DELETE_UNSUPPORTED', 'golpe'),
              refused('wordWarned', ['5511977770002'], 'ERR_GROUP_DELETE_UNSUPPORTED', 'promoção'),
            ],
      );
      expect(await entries('wordList', memberGroup)).toEqual([
        refused('wordRemoved', ['5511911112222'], 'ERR_GROUP_NOT_ADMIN', 'spam'),
      ]);
      expect(await entries('greetingMessage', adminGroup)).toEqual([done('greetingSent', ['5511966660002'])]);
      expect(await entries('farewellMessage', adminGroup)).toEqual([
        done('farewellSent', ['5511966660007', '99988877766655@lid']),
        done('farewellSent', ['5511966660002']),
      ]);
      expect(await entries('groupFarewellPrivateMessage', adminGroup)).toEqual([
        done('privateFarewellSent', ['5511966660007']),
        refused('privateFarewellSent', ['99988877766655@lid'], 'ERR_GROUP_MEMBER_NO_NUMBER'),
      ]);
      // The messages the tools sent, as they stand.
      await eventually(async () => {
        const res = await logsOf('greetingMessage', adminGroup);
        expect(res.body.logs[0].delivery).toBe('sent');
        expect(res.body).toMatchObject({ count: 1, hasMore: false });
      });
    });

    // Where the provider answers WhatsApp's refusal of a send with a 500 (wuzapi, uazapi) the send is tried again:
    // see `refuseNextSend`.
    it.runIf(world.refuseNextSend !== undefined)(
      'shows a message that could not be sent as not done, with the reason',
      async () => {
        const newcomer = '5511966660011@s.whatsapp.net';
        world.refuseNextSend?.(adminGroup);
        await world.groupChange(adminGroup, [{ id: newcomer }], 'add', null);
        await eventually(async () => {
          const [latest] = (await logsOf('greetingMessage', adminGroup)).body.logs;
          expect(latest).toMatchObject({
            action: 'greetingSent',
            members: ['5511966660011'],
            ok: false,
            error: 'ERR_SENDING_WAPP_MSG',
            delivery: 'failed',
          });
        }, 15_000);
        expect(JSON.stringify(world.texts(adminGroup))).not.toContain('5511966660011');
      },
    );

    it('keeps the walls: no token, agents, another tenant, bad input', async () => {
      expect((await logsOf('banList', adminGroup, null)).status).toBe(401);
      expect((await logsOf('banList', adminGroup, ctx.fx.tokens.agent)).status).toBe(403);
      const stranger = await logsOf('banList', adminGroup, ctx.other.tokens.admin);
      expect(stranger.status).toBe(404);
      expect(stranger.body.field).toBe('connectionId');
      const badGroup = await call('GET', `/banList/nope/logs?connectionId=${ctx.connectionId}`);
      expect(badGroup.status).toBe(400);
      expect(badGroup.body.field).toBe('groupId');
      const noConnection = await call('GET', `/wordList/${encodeURIComponent(adminGroup)}/logs`);
      expect(noConnection.status).toBe(400);
      expect(noConnection.body.field).toBe('connectionId');
    });
  });

  return ctx;
};
