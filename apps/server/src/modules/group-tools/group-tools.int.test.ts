import { createFakeBaileys, type TFakeBaileys } from '@prosa/fakes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairBaileysNumber } from '../../../test/baileys-number.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { groupBanList, messages, tenants } from '../../platform/db/schema.js';

// The WhatsApp group tools on a number by QR code, with Baileys replaced by the fake socket: the lists' access
// rules, the group actions with a result per group (our number is admin of one group, not of the other), and
// the enforcement: a banned number removed on join, a greeting on join, a banned word deleted and its sender
// warned or removed.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let fake: TFakeBaileys;
let connectionId: number;
let webchatId: number;
let otherConnectionId: number;

const ourNumber = '5511940005000';
const ourJid = `${ourNumber}@s.whatsapp.net`;
const adminGroup = '120363000000000001@g.us';
const memberGroup = '120363000000000002@g.us';
const rita = '5511977770002@s.whatsapp.net';
const now = () => Math.floor(Date.now() / 1000);

const call = (method: string, path: string, body?: unknown, token: string | null = fx.tokens.admin) =>
  t.request(method, path, { token: token ?? undefined, body });

/** Waits until the word filter handled the message the channel gave this id (its job completed). */
const filtered = (externalId: string) =>
  eventually(async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as done from pgboss.job j join messages m on m.id = (j.data->'payload'->>'messageId')::int
          where j.data->>'job' = 'event.group-word-filter' and j.state = 'completed' and m.message_id = ${externalId}`,
    )) as unknown as { rows: { done: number }[] };
    expect(rows[0]?.done).toBe(1);
  }, 20_000);

const sentTo = (jid: string) => fake.sockets.flatMap((socket) => socket.sent).filter((sent) => sent.jid === jid);

beforeAll(async () => {
  fake = createFakeBaileys();
  t = await startTestApp({}, { baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Grupos', { maxConnections: 5 });
  other = await t.createTenantFixture('Vizinha', { maxConnections: 5 });
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  connectionId = await pairBaileysNumber(t, fx.tokens.admin, fake, ourNumber);
  webchatId = (await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id })).body.id;
  otherConnectionId = (
    await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: other.queue.id }, other.tokens.admin)
  ).body.id;
  fake.addGroup(adminGroup, 'Equipe de vendas', [
    { id: ourJid, admin: 'superadmin' },
    { id: rita, admin: null },
  ]);
  fake.addGroup(memberGroup, 'Condomínio', [
    { id: '5511911112222@s.whatsapp.net', admin: 'superadmin' },
    // A LID group: our number is listed by its LID, the phone beside it.
    { id: '22233344455566@lid', phoneNumber: ourJid, admin: null },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('group tool lists', () => {
  it('creates, lists, edits and deletes a ban, a word, a greeting, a farewell and a link', async () => {
    const cases: [string, object, object][] = [
      ['/banList', { number: '+55 (11) 95555-0001' }, { number: '5511955550002' }],
      ['/wordList', { word: 'golpe', action: 'remove' }, { action: 'warn' }],
      ['/greetingMessage', { message: 'Oi {{name}}' }, { message: 'Olá {{name}}, bem-vindo ao {{group}}' }],
      ['/farewellMessage', { message: 'Tchau {{name}}' }, { message: 'Até mais, {{name}}' }],
      ['/groupLinkList', { name: 'Vendas', link: 'https://chat.whatsapp.com/AbC123' }, { name: 'Vendas SP' }],
    ];
    for (const [path, fields, change] of cases) {
      const scope = { connectionId, groupId: memberGroup };
      const created = await call('POST', path, { ...scope, ...fields }, fx.tokens.supervisor);
      expect(created.status, `${path} ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body).toMatchObject(scope);
      const again = await call('POST', path, { ...scope, ...fields });
      expect(again.status, path).toBe(409);
      expect(again.body.error).toBe('ERR_GROUP_TOOL_DUPLICATE');
      const listed = await call('GET', `${path}?connectionId=${connectionId}&groupId=${memberGroup}`);
      expect(listed.body, path).toEqual([created.body]);
      const edited = await call('PUT', `${path}/${created.body.id}`, change);
      expect(edited.status, path).toBe(200);
      expect(edited.body).toMatchObject({ ...scope, ...change });
      expect((await call('DELETE', `${path}/${created.body.id}`)).status, path).toBe(204);
      expect((await call('GET', `${path}?groupId=${memberGroup}`)).body, path).toEqual([]);
    }
    const [ban] = await t.db.select().from(groupBanList).where(eq(groupBanList.tenantId, fx.tenantId));
    expect(ban).toBeUndefined();
  });

  it('keeps numbers as digits', async () => {
    const res = await call('POST', '/banList', { connectionId, groupId: memberGroup, number: '+55 (11) 95555-0009' });
    expect(res.body.number).toBe('5511955550009');
    await call('DELETE', `/banList/${res.body.id}`);
  });

  it('keeps the walls: no token, agents, another tenant, bad input', async () => {
    const body = { connectionId, groupId: memberGroup, number: '5511955550003' };
    expect((await call('GET', '/banList', undefined, null)).status).toBe(401);
    expect((await call('POST', '/banList', body, null)).status).toBe(401);
    const agent = await call('POST', '/banList', body, fx.tokens.agent);
    expect(agent.status).toBe(403);
    expect((await call('GET', '/wordList', undefined, fx.tokens.agent)).status).toBe(403);

    // Another tenant's entry is a 404 and stays as it was; their connection cannot be named either.
    const theirs = await call(
      'POST',
      '/banList',
      { connectionId: otherConnectionId, groupId: memberGroup, number: '5511955550004' },
      other.tokens.admin,
    );
    expect(theirs.status).toBe(201);
    expect((await call('PUT', `/banList/${theirs.body.id}`, { number: '5511900000000' })).status).toBe(404);
    expect((await call('DELETE', `/banList/${theirs.body.id}`)).status).toBe(404);
    expect((await call('GET', '/banList')).body).toEqual([]);
    expect((await call('GET', '/banList', undefined, other.tokens.admin)).body).toEqual([theirs.body]);
    const stranger = await call('POST', '/banList', { ...body, connectionId: otherConnectionId });
    expect(stranger.status).toBe(404);
    expect(stranger.body.field).toBe('connectionId');

    const badGroup = await call('POST', '/banList', { ...body, groupId: '5511999@s.whatsapp.net' });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.field).toBe('groupId');
    const badNumber = await call('POST', '/banList', { ...body, number: '12' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.field).toBe('number');
    const badAction = await call('POST', '/wordList', { connectionId, groupId: memberGroup, word: 'x', action: 'ban' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.field).toBe('action');
    const badLink = await call('POST', '/groupLinkList', {
      connectionId,
      groupId: memberGroup,
      name: 'x',
      link: 'https://exemplo.com',
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.field).toBe('link');
    const emptyEdit = await call('PUT', `/banList/${theirs.body.id}`, {});
    expect(emptyEdit.status).toBe(400);
  });
});

describe('group actions', () => {
  it('POST /listGroup lists the groups of the number with where it is admin', async () => {
    const res = await call('POST', '/listGroup', { connectionId });
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

  it('POST /listGroupById and /listParticipants give the members', async () => {
    const one = await call('POST', '/listGroupById', { connectionId, groupId: memberGroup });
    expect(one.status).toBe(200);
    expect(one.body.participants).toEqual([
      { id: '5511911112222@s.whatsapp.net', number: '5511911112222', admin: true },
      { id: '22233344455566@lid', number: ourNumber, admin: false },
    ]);
    const many = await call('POST', '/listParticipants', { connectionId, groupIds: [adminGroup, memberGroup] });
    expect(many.status).toBe(200);
    expect(many.body.results.map((r: { groupId: string; ok: boolean }) => [r.groupId, r.ok])).toEqual([
      [adminGroup, true],
      [memberGroup, true],
    ]);
  });

  it('changes titles, descriptions and the admins-only setting where the number is admin, per group', async () => {
    const groupIds = [adminGroup, memberGroup];
    const titles = await call('POST', '/changeTitles', { connectionId, groupIds, title: 'Vendas 2026' });
    expect(titles.status, JSON.stringify(titles.body)).toBe(200);
    expect(titles.body.results).toEqual([
      { groupId: adminGroup, ok: true },
      { groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' },
    ]);
    expect(fake.world.groups.get(adminGroup)?.subject).toBe('Vendas 2026');
    expect(fake.world.groups.get(memberGroup)?.subject).toBe('Condomínio');
    const desc = await call('POST', '/changeDescriptions', { connectionId, groupIds, description: 'Só pedidos' });
    expect(desc.body.results[0]).toEqual({ groupId: adminGroup, ok: true });
    expect(fake.world.groups.get(adminGroup)?.desc).toBe('Só pedidos');
    const locked = await call('POST', '/setAdminsOnlyForGroups', { connectionId, groupIds, adminsOnly: true });
    expect(locked.body.results[1]).toEqual({ groupId: memberGroup, ok: false, error: 'ERR_GROUP_NOT_ADMIN' });
    expect(fake.world.groups.get(adminGroup)?.announce).toBe(true);
  });

  it('adds, promotes, demotes and removes members, each number answered', async () => {
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
    const member = '5511933330001@s.whatsapp.net';
    const promoted = await call('POST', '/promoteParticipantsInGroups', {
      connectionId,
      groupIds: [adminGroup],
      numbers: ['5511933330001'],
    });
    expect(promoted.body.results[0].ok).toBe(true);
    expect(fake.world.groups.get(adminGroup)?.participants.find((p) => p.id === member)?.admin).toBe('admin');
    await call('POST', '/demoteParticipantsInGroups', {
      connectionId,
      groupIds: [adminGroup],
      numbers: ['5511933330001'],
    });
    expect(fake.world.groups.get(adminGroup)?.participants.find((p) => p.id === member)?.admin).toBeNull();
    const removed = await call('POST', '/removeParticipantsFromGroups', {
      connectionId,
      groupIds: [adminGroup],
      numbers: ['5511933330001'],
    });
    expect(removed.body.results).toEqual([
      { groupId: adminGroup, ok: true, members: [{ number: '5511933330001', ok: true }] },
    ]);
    expect(fake.world.groups.get(adminGroup)?.participants.some((p) => p.id === member)).toBe(false);
  });

  it('POST /createGroups makes each group with its members', async () => {
    const res = await call('POST', '/createGroups', {
      connectionId,
      groups: [{ subject: 'Clientes VIP', participants: ['5511944440001'] }],
    });
    expect(res.status).toBe(200);
    const [result] = res.body.results;
    expect(result).toMatchObject({ subject: 'Clientes VIP', ok: true });
    expect(fake.world.groups.get(result.groupId)?.participants).toEqual([
      { id: ourJid, admin: 'superadmin' },
      { id: '5511944440001@s.whatsapp.net', admin: null },
    ]);
  });

  it('refuses agents, other tenants, channels without groups and bad input', async () => {
    expect((await call('POST', '/listGroup', { connectionId }, null)).status).toBe(401);
    expect((await call('POST', '/listGroup', { connectionId }, fx.tokens.agent)).status).toBe(403);
    const stranger = await call('POST', '/listGroup', { connectionId }, other.tokens.admin);
    expect(stranger.status).toBe(404);
    expect(stranger.body.field).toBe('connectionId');
    const webchat = await call('POST', '/listGroup', { connectionId: webchatId });
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
    const scope = { connectionId, groupId: adminGroup };
    expect((await call('POST', '/banList', { ...scope, number: '5511966660001' })).status).toBe(201);
    const greeting = await call('POST', '/greetingMessage', {
      ...scope,
      message: 'Bem-vindo, {{name}}, ao {{group}}!',
    });
    expect(greeting.status).toBe(201);
    const socket = fake.latest();
    const intruder = { id: '5511966660001@s.whatsapp.net' };
    const newcomer = { id: '5511966660002@s.whatsapp.net' };
    socket.groupChange(adminGroup, [intruder, newcomer], 'add', null);
    await eventually(() => {
      const members = fake.world.groups.get(adminGroup)?.participants.map((p) => p.id);
      expect(members).not.toContain(intruder.id);
      expect(members).toContain(newcomer.id);
    });
    expect(socket.groupCalls).toContainEqual({
      method: 'groupParticipantsUpdate',
      jid: adminGroup,
      args: [[intruder.id], 'remove'],
    });
    await eventually(() => {
      expect(sentTo(adminGroup).map((sent) => sent.content)).toContainEqual({
        text: 'Bem-vindo, @5511966660002, ao Vendas 2026!',
        mentions: [newcomer.id],
      });
    }, 15_000);
    // The intruder was not greeted.
    expect(JSON.stringify(sentTo(adminGroup))).not.toContain('5511966660001');
  });

  it('says goodbye to a member who leaves when the group has a farewell', async () => {
    await call('POST', '/farewellMessage', { connectionId, groupId: adminGroup, message: 'Até logo, {{name}}.' });
    fake.latest().groupChange(adminGroup, [{ id: '5511966660002@s.whatsapp.net' }], 'remove', null);
    await eventually(() => {
      expect(sentTo(adminGroup).map((sent) => sent.content)).toContainEqual({ text: 'Até logo, @5511966660002.' });
    }, 15_000);
  });

  it('deletes a message with a banned word for everyone and warns its sender', async () => {
    await call('POST', '/wordList', { connectionId, groupId: adminGroup, word: 'promoção', action: 'warn' });
    fake.latest().receive([
      {
        key: { remoteJid: adminGroup, participant: rita, fromMe: false, id: 'GRPWORD1' },
        message: { conversation: 'Olha essa PROMOCAO imperdível' },
        pushName: 'Rita',
        messageTimestamp: now(),
      },
    ]);
    await eventually(() => {
      const contents = sentTo(adminGroup).map((sent) => sent.content);
      expect(contents).toContainEqual({
        delete: { remoteJid: adminGroup, fromMe: false, id: 'GRPWORD1', participant: rita },
      });
      expect(contents).toContainEqual({
        text: '@5511977770002 sua mensagem foi apagada porque contém uma palavra proibida neste grupo.',
        mentions: [rita],
      });
    }, 15_000);
    expect(fake.world.groups.get(adminGroup)?.participants.some((p) => p.id === rita)).toBe(true);
    // The agents see it deleted as well.
    const [stored] = await t.db.select().from(messages).where(eq(messages.messageId, 'GRPWORD1'));
    expect(stored?.isDeleted).toBe(true);
  });

  it('removes the sender when the word says so, and lets clean messages be', async () => {
    await call('POST', '/wordList', { connectionId, groupId: adminGroup, word: 'golpe', action: 'remove' });
    const socket = fake.latest();
    const before = sentTo(adminGroup).length;
    socket.receive([
      {
        key: { remoteJid: adminGroup, participant: rita, fromMe: false, id: 'GRPCLEAN1' },
        message: { conversation: 'Bom dia, pessoal' },
        pushName: 'Rita',
        messageTimestamp: now(),
      },
      {
        key: { remoteJid: adminGroup, participant: rita, fromMe: false, id: 'GRPWORD2' },
        message: { conversation: 'isso é GOLPE' },
        pushName: 'Rita',
        messageTimestamp: now(),
      },
    ]);
    await eventually(() => {
      expect(fake.world.groups.get(adminGroup)?.participants.some((p) => p.id === rita)).toBe(false);
    }, 15_000);
    const deletes = sentTo(adminGroup)
      .slice(before)
      .map((sent) => (sent.content.delete as { id?: string } | undefined)?.id)
      .filter(Boolean);
    expect(deletes).toEqual(['GRPWORD2']);
  });

  it('where the number is not admin, banned members and words stay, and nothing fails', async () => {
    const scope = { connectionId, groupId: memberGroup };
    await call('POST', '/banList', { ...scope, number: '5511966660003' });
    await call('POST', '/wordList', { ...scope, word: 'spam', action: 'remove' });
    const socket = fake.latest();
    const intruder = '5511966660003@s.whatsapp.net';
    socket.groupChange(memberGroup, [{ id: intruder }], 'add', null);
    // WhatsApp refused the removal (403): the member stays.
    await eventually(() => {
      expect(socket.groupCalls).toContainEqual({
        method: 'groupParticipantsUpdate',
        jid: memberGroup,
        args: [[intruder], 'remove'],
      });
    });
    expect(fake.world.groups.get(memberGroup)?.participants.some((p) => p.id === intruder)).toBe(true);
    socket.receive([
      {
        key: { remoteJid: memberGroup, participant: '5511911112222@s.whatsapp.net', fromMe: false, id: 'GRPSPAM1' },
        message: { conversation: 'compre já, spam' },
        pushName: 'Síndico',
        messageTimestamp: now(),
      },
    ]);
    await filtered('GRPSPAM1');
    expect(sentTo(memberGroup)).toEqual([]);
  });

  it('does not greet our own number when it is added to a group', async () => {
    const groupId = '120363000000000003@g.us';
    fake.addGroup(groupId, 'Fornecedores', [{ id: '5511922223333@s.whatsapp.net', admin: 'superadmin' }]);
    await call('POST', '/greetingMessage', { connectionId, groupId, message: 'Oi {{name}}' });
    const socket = fake.latest();
    socket.groupChange(groupId, [{ id: ourJid }], 'add', '5511922223333@s.whatsapp.net');
    socket.groupChange(groupId, [{ id: '5511922224444@s.whatsapp.net' }], 'add', null);
    await eventually(() => expect(sentTo(groupId).length).toBeGreaterThan(0), 15_000);
    expect(sentTo(groupId).map((sent) => sent.content)).toEqual([
      { text: 'Oi @5511922224444', mentions: ['5511922224444@s.whatsapp.net'] },
    ]);
  });
});
