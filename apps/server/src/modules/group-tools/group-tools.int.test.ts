import { createFakeBaileys } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pairBaileysNumber } from '../../../test/baileys-number.js';
import { startTestApp } from '../../../test/harness.js';
import { groupBanList, groupToolLogs } from '../../platform/db/schema.js';
import { jobIdForKey } from '../../platform/jobs/job-keys.js';
import { GROUP_TOOL_LOGS_PRUNE_JOB } from './group-tool-logs-prune.job.js';
import {
  adminGroup,
  describeGroupToolScenarios,
  memberGroup,
  startGroupToolsWorld,
  type TGroupWorld,
  type TGroupWorldCall,
} from './group-tools-scenarios.fixture.js';

// The WhatsApp group tools on a number by QR code, with Baileys replaced by the fake socket: the lists' access
// rules here, then the scenarios every provider with group administration runs (group-tools-scenarios.fixture.ts).

const fake = createFakeBaileys();
const sent = (jid: string) => fake.sockets.flatMap((socket) => socket.sent).filter((item) => item.jid === jid);
const callKinds: Record<string, TGroupWorldCall['kind']> = {
  groupUpdateSubject: 'subject',
  groupUpdateDescription: 'description',
  groupSettingUpdate: 'setting',
  groupParticipantsUpdate: 'participants',
  updateProfilePicture: 'picture',
};

const world: TGroupWorld = {
  start: () => startTestApp({ webhookAllowPrivate: true }, { baileysSocket: fake.factory }),
  pair: (t, token, _queueId, number) => pairBaileysNumber(t, token, fake, number),
  addGroup: (jid, subject, members) => fake.addGroup(jid, subject, members),
  group: (jid) => {
    const group = fake.group(jid);
    return group && { ...group, desc: group.desc ?? null, announce: group.announce === true };
  },
  groupChange: async (jid, members, action, author) => fake.latest().groupChange(jid, members, action, author),
  // The fake socket refuses the next send, whatever its chat.
  refuseNextSend: () => {
    fake.world.failNextSend = true;
  },
  receive: async (jid, written) =>
    fake.latest().receive(
      written.map((item) => ({
        key: { remoteJid: jid, participant: item.participant, fromMe: false, id: item.id },
        message: { conversation: item.text },
        pushName: item.pushName,
        messageTimestamp: Math.floor(Date.now() / 1000),
      })),
    ),
  texts: (jid) =>
    sent(jid)
      .filter((item) => typeof item.content.text === 'string')
      .map((item) => ({ text: String(item.content.text), mentions: (item.content.mentions as string[]) ?? [] })),
  privateTexts: (number) =>
    sent(`${number}@s.whatsapp.net`).flatMap((item) =>
      typeof item.content.text === 'string' ? [item.content.text] : [],
    ),
  picture: (jid) => fake.group(jid)?.picture,
  deleted: (jid) =>
    sent(jid).flatMap((item) => {
      const key = item.content.delete as { id: string; participant?: string } | undefined;
      return key ? [{ id: key.id, participant: key.participant }] : [];
    }),
  calls: (jid) =>
    fake.sockets
      .flatMap((socket) => socket.groupCalls)
      .filter((made) => made.jid === jid && callKinds[made.method])
      .map((made) => ({ kind: callKinds[made.method] as TGroupWorldCall['kind'], args: made.args })),
  close: async () => undefined,
};
const ctx = startGroupToolsWorld(world);

const call = (method: string, path: string, body?: unknown, token: string | null = ctx.fx.tokens.admin) =>
  ctx.t.request(method, path, { token: token ?? undefined, body });

describe('group tool lists', () => {
  it('creates, lists, edits and deletes a ban, a word, a greeting, a farewell and a link', async () => {
    const { connectionId, fx } = ctx;
    const cases: [string, object, object][] = [
      ['/banList', { number: '+55 (11) 95555-0001' }, { number: '5511955550002' }],
      ['/wordList', { word: 'golpe', action: 'remove' }, { action: 'warn' }],
      ['/greetingMessage', { message: 'Oi {{name}}' }, { message: 'Olá {{name}}, bem-vindo ao {{group}}' }],
      ['/farewellMessage', { message: 'Tchau {{name}}' }, { message: 'Até mais, {{name}}' }],
      ['/groupFarewellPrivateMessage', { message: 'Sentiremos sua falta' }, { message: 'Volte sempre, {{name}}' }],
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
    const [ban] = await ctx.t.db.select().from(groupBanList).where(eq(groupBanList.tenantId, ctx.fx.tenantId));
    expect(ban).toBeUndefined();
  });

  it('keeps numbers as digits', async () => {
    const { connectionId } = ctx;
    const res = await call('POST', '/banList', { connectionId, groupId: memberGroup, number: '+55 (11) 95555-0009' });
    expect(res.body.number).toBe('5511955550009');
    await call('DELETE', `/banList/${res.body.id}`);
  });

  it('keeps the walls: no token, agents, another tenant, bad input', async () => {
    const { connectionId, fx, other, otherConnectionId } = ctx;
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

describe('removing all of a group', () => {
  const lists: [string, object][] = [
    ['banList', { number: '5511955550101' }],
    ['wordList', { word: 'rifa' }],
    ['greetingMessage', { message: 'Oi' }],
    ['farewellMessage', { message: 'Tchau' }],
    ['groupFarewellPrivateMessage', { message: 'Até logo' }],
    ['groupLinkList', { name: 'Vendas', link: 'https://chat.whatsapp.com/Zz9' }],
  ];
  const emptied = '120363000000000077@g.us';

  it('DELETE /<list>All removes every entry of one group and says how many, the other groups kept', async () => {
    const { connectionId } = ctx;
    for (const [kind, fields] of lists) {
      for (const groupId of [emptied, adminGroup])
        expect((await call('POST', `/${kind}`, { connectionId, groupId, ...fields })).status, kind).toBe(201);
      if (kind === 'banList')
        await call('POST', '/banList', { connectionId, groupId: emptied, number: '5511955550102' });
      const gone = await call('DELETE', `/${kind}All/?connectionId=${connectionId}&groupId=${emptied}`);
      expect(gone.status, `${kind} ${JSON.stringify(gone.body)}`).toBe(200);
      expect(gone.body, kind).toEqual({ count: kind === 'banList' ? 2 : 1 });
      expect((await call('GET', `/${kind}?connectionId=${connectionId}&groupId=${emptied}`)).body, kind).toEqual([]);
      const kept = await call('GET', `/${kind}?connectionId=${connectionId}&groupId=${adminGroup}`);
      expect(kept.body, kind).toHaveLength(1);
      await call('DELETE', `/${kind}/${kept.body[0].id}`);
      // Nothing left: 0, not an error.
      expect((await call('DELETE', `/${kind}All?connectionId=${connectionId}&groupId=${emptied}`)).body).toEqual({
        count: 0,
      });
    }
  });

  it('keeps the walls: no token, agents, another tenant, the group and connection required', async () => {
    const { connectionId, fx, other, otherConnectionId } = ctx;
    const query = `connectionId=${connectionId}&groupId=${emptied}`;
    expect((await call('DELETE', `/banListAll?${query}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/banListAll?${query}`, undefined, fx.tokens.agent)).status).toBe(403);
    const theirs = { connectionId: otherConnectionId, groupId: emptied, number: '5511955550103' };
    expect((await call('POST', '/banList', theirs, other.tokens.admin)).status).toBe(201);
    const stranger = await call('DELETE', `/banListAll?connectionId=${otherConnectionId}&groupId=${emptied}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.field).toBe('connectionId');
    const left = await call('GET', `/banList?groupId=${emptied}`, undefined, other.tokens.admin);
    expect(left.body).toHaveLength(1);
    const noGroup = await call('DELETE', `/wordListAll?connectionId=${connectionId}`);
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.field).toBe('groupId');
    const noConnection = await call('DELETE', `/wordListAll?groupId=${emptied}`);
    expect(noConnection.status).toBe(400);
    expect(noConnection.body.field).toBe('connectionId');
    const badGroup = await call('DELETE', `/wordListAll?connectionId=${connectionId}&groupId=x`);
    expect(badGroup.body.field).toBe('groupId');
  });
});

describe('group tool logs', () => {
  const logged = '120363000000000088@g.us';
  const day = 86_400_000;
  const write = (tenantId: number, connectionId: number, ages: number[], now: number) =>
    ctx.t.db.insert(groupToolLogs).values(
      ages.map((ageDays, index) => ({
        tenantId,
        connectionId,
        groupId: logged,
        tool: 'banList' as const,
        action: 'bannedRemoved' as const,
        members: [`55119000000${String(index).padStart(2, '0')}`],
        createdAt: new Date(now - ageDays * day),
      })),
    );

  it('pages a long log, newest first', async () => {
    // 25 entries, one a minute: the newest is the last written.
    const now = Date.now();
    await ctx.t.db.insert(groupToolLogs).values(
      Array.from({ length: 25 }, (_, index) => ({
        tenantId: ctx.fx.tenantId,
        connectionId: ctx.connectionId,
        groupId: logged,
        tool: 'banList' as const,
        action: 'bannedRemoved' as const,
        members: [`55119000001${String(index).padStart(2, '0')}`],
        createdAt: new Date(now - (25 - index) * 60_000),
      })),
    );
    const page = (n: number) =>
      call('GET', `/banList/${encodeURIComponent(logged)}/logs?connectionId=${ctx.connectionId}&pageNumber=${n}`);
    const first = await page(1);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.logs).toHaveLength(20);
    expect(first.body.logs[0].members).toEqual(['5511900000124']);
    const second = await page(2);
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.logs.map((log: { members: string[] }) => log.members[0])).toEqual([
      '5511900000104',
      '5511900000103',
      '5511900000102',
      '5511900000101',
      '5511900000100',
    ]);
    // Another list of the same group has its own log.
    expect(
      (await call('GET', `/wordList/${encodeURIComponent(logged)}/logs?connectionId=${ctx.connectionId}`)).body,
    ).toEqual({ logs: [], count: 0, hasMore: false });
  });

  it('prunes entries older than 90 days every night, tenant by tenant', async () => {
    const { jobs } = ctx.t.prosa.services;
    const slot = new Date('2030-03-10T06:30:00.000Z');
    await ctx.t.db.delete(groupToolLogs).where(eq(groupToolLogs.groupId, logged));
    await write(ctx.fx.tenantId, ctx.connectionId, [91, 89], slot.getTime());
    await write(ctx.other.tenantId, ctx.otherConnectionId, [120], slot.getTime());
    const runs = [ctx.fx, ctx.other].map((fx) =>
      jobs.whenSettled(jobIdForKey(GROUP_TOOL_LOGS_PRUNE_JOB, `cron:${fx.tenantId}:${slot.toISOString()}`)),
    );
    await jobs.checkCron(slot);
    for (const run of runs) expect((await run).state).toBe('completed');
    const left = await ctx.t.db
      .select({ tenantId: groupToolLogs.tenantId, createdAt: groupToolLogs.createdAt })
      .from(groupToolLogs)
      .where(eq(groupToolLogs.groupId, logged));
    expect(left).toEqual([{ tenantId: ctx.fx.tenantId, createdAt: new Date(slot.getTime() - 89 * day) }]);
  });
});

describeGroupToolScenarios(world, ctx);
