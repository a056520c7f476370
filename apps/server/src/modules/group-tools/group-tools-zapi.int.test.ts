import { randomBytes } from 'node:crypto';
import { startFakeZapi, type TFakeZapi } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findConnectionRow } from '../../../test/channels.js';
import { startTestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { itAnswersALeftGroupAsNotFound } from './group-tools-left-group.fixture.js';
import {
  adminGroup,
  describeGroupToolScenarios,
  startGroupToolsWorld,
  type TGroupWorld,
  type TGroupWorldCall,
} from './group-tools-scenarios.fixture.js';

// The group tools on a WhatsApp number through Z-API, against the fake Z-API: its group routes (`groups`,
// `light-group-metadata`, `update-group-*`, the member routes, `DELETE messages`), the group's messages and the
// GROUP_PARTICIPANT_* notifications posted to our webhook. The scenarios are the ones Baileys and Evolution run
// (group-tools-scenarios.fixture.ts).

const clientToken = `F${randomBytes(16).toString('hex')}S`;
const instance = { id: `3E${randomBytes(15).toString('hex').toUpperCase()}`, token: randomBytes(12).toString('hex') };
let zapi: TFakeZapi;

/** The `phone` Z-API names a group by (groups made since 2021). */
const groupPhone = (jid: string) => jid.replace('@g.us', '-group');
/** A member's JID from the `phone` Z-API names them by. */
const personJid = (phone: string) => (phone.includes('@') ? phone : `${phone}@s.whatsapp.net`);

const callKinds: Record<string, TGroupWorldCall['kind']> = {
  'update-group-name': 'subject',
  'update-group-description': 'description',
  'update-group-settings': 'setting',
  'update-group-photo': 'picture',
  'add-participant': 'participants',
  'remove-participant': 'participants',
  'add-admin': 'participants',
  'remove-admin': 'participants',
};
const memberActions: Record<string, string> = {
  'add-participant': 'add',
  'remove-participant': 'remove',
  'add-admin': 'promote',
  'remove-admin': 'demote',
};

const sentTexts = () => zapi.sent(instance.id).filter((item) => item.method === 'send-text');

const world: TGroupWorld = {
  listsLidMembersByPhone: true,
  start: async () => {
    zapi = await startFakeZapi({ clientToken, instances: [instance] });
    // Z-API takes https webhooks only: registered at prosa.test, posted to this server on loopback.
    const t = await startTestApp({
      zapiApiUrl: zapi.baseUrl,
      publicUrl: 'https://prosa.test',
      webhookAllowPrivate: true,
    });
    zapi.setWebhookOrigin(t.url);
    return t;
  },
  pair: async (t, token, queueId, number) => {
    const config = { instanceId: instance.id, instanceToken: instance.token, clientToken };
    const created = await t.request('POST', '/whatsapp', {
      token,
      body: { name: 'Z-API dos grupos', type: 'zapi', queueId, config },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await zapi.phone.scan(instance.id, { number, name: 'Loja' });
    await eventually(async () => expect((await findConnectionRow(t, created.body.id))?.status).toBe('CONNECTED'));
    return created.body.id as number;
  },
  addGroup: (id, subject, participants) => zapi.addGroup({ id, subject, participants }),
  group: (jid) => zapi.group(jid),
  refuseNextSend: (jid) => zapi.refuseNextSend(groupPhone(jid)),
  groupChange: async (groupId, members, action, author) => {
    await zapi.phone.groupChange({ groupId, members, action }, author, instance.id);
  },
  receive: async (jid, written) => {
    for (const item of written)
      await zapi.phone.message(
        {
          phone: item.participant.split('@')[0] ?? '',
          senderName: item.pushName,
          text: item.text,
          messageId: item.id,
          groupId: groupPhone(jid),
        },
        instance.id,
      );
  },
  texts: (jid) =>
    sentTexts()
      .filter((item) => item.body.phone === groupPhone(jid))
      .map((item) => ({
        text: String(item.body.message),
        mentions: ((item.body.mentioned as string[] | undefined) ?? []).map(personJid),
      })),
  privateTexts: (number) =>
    sentTexts()
      .filter((item) => item.body.phone === number)
      .map((item) => String(item.body.message)),
  picture: (jid) => zapi.group(jid)?.picture,
  deleted: (jid) =>
    zapi
      .revoked(instance.id)
      .filter((item) => item.phone === groupPhone(jid))
      .map((item) => ({ id: item.messageId, participant: item.participant ?? undefined })),
  calls: (jid) =>
    zapi.requests
      .map((made) => ({ route: made.path.split('/').pop() ?? '', body: (made.body ?? {}) as Record<string, unknown> }))
      .filter(({ route, body }) => callKinds[route] && (body.groupId ?? body.phone) === groupPhone(jid))
      .map(({ route, body }) => {
        const kind = callKinds[route] as TGroupWorldCall['kind'];
        const phones = ((body.phones as string[] | undefined) ?? []).map(personJid);
        return { kind, args: kind === 'participants' ? [phones, memberActions[route]] : [body] };
      }),
  close: async () => {
    await zapi?.close();
  },
};

const ctx = startGroupToolsWorld(world);

describeGroupToolScenarios(world, ctx);

itAnswersALeftGroupAsNotFound(world, ctx);

it("keeps a group's messages out while the tenant ignores groups, and still greets who joins", async () => {
  const member = '5511966660008@s.whatsapp.net';
  const setting = (value: string) =>
    ctx.t.request('PUT', '/settings/ignoreGroupMsg', { token: ctx.fx.tokens.admin, body: { value } });
  expect((await setting('enabled')).status).toBe(200);
  try {
    await world.receive(adminGroup, [{ participant: member, id: 'ZGRPIGNORED', text: 'Oi, grupo', pushName: 'Bia' }]);
    // Joined by the group's link (GROUP_PARTICIPANT_INVITE).
    await world.groupChange(adminGroup, [{ id: '5511966660009@s.whatsapp.net' }], 'add', null);
    await eventually(() =>
      expect(world.texts(adminGroup).map((sent) => sent.mentions)).toContainEqual(['5511966660009@s.whatsapp.net']),
    );
    expect(await ctx.t.db.select().from(messages).where(eq(messages.messageId, 'ZGRPIGNORED'))).toEqual([]);
  } finally {
    await setting('disabled');
  }
  await world.receive(adminGroup, [{ participant: member, id: 'ZGRPKEPT', text: 'Oi de novo', pushName: 'Bia' }]);
  await eventually(async () => {
    const [kept] = await ctx.t.db
      .select({ name: contacts.name, isGroup: tickets.isGroup, dataJson: messages.dataJson })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(messages.tenantId, ctx.fx.tenantId), eq(messages.messageId, 'ZGRPKEPT')));
    // The group's conversation (named by the group, not the member); who wrote it kept beside.
    expect(kept).toMatchObject({ isGroup: true, dataJson: { key: { participant: member } } });
    expect(kept?.name).not.toBe('Bia');
  });
});
