import { createFakeBaileys } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pairBaileysNumber } from '../../../test/baileys-number.js';
import { startTestApp } from '../../../test/harness.js';
import { groupBanList } from '../../platform/db/schema.js';
import {
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
};

const world: TGroupWorld = {
  start: () => startTestApp({}, { baileysSocket: fake.factory }),
  pair: (t, token, _queueId, number) => pairBaileysNumber(t, token, fake, number),
  addGroup: (jid, subject, members) => fake.addGroup(jid, subject, members),
  group: (jid) => {
    const group = fake.group(jid);
    return group && { ...group, desc: group.desc ?? null, announce: group.announce === true };
  },
  groupChange: async (jid, members, action, author) => fake.latest().groupChange(jid, members, action, author),
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

describeGroupToolScenarios(world, ctx);
