import { randomBytes } from 'node:crypto';
import { startFakeWuzapi, type TFakeWuzapi } from '@prosa/fakes';
import { expect, it } from 'vitest';
import { findConnectionRow, startPublicTestApp } from '../../../test/channels.js';
import { eventually } from '../../../test/sockets.js';
import { groupPictureJpeg } from '../../channels/shared/group-picture-jpeg.js';
import { itAnswersALeftGroupAsNotFound } from './group-tools-left-group.fixture.js';
import {
  describeGroupToolScenarios,
  startGroupToolsWorld,
  type TGroupWorld,
  type TGroupWorldCall,
} from './group-tools-scenarios.fixture.js';

// The group tools on a WhatsApp number through a wuzapi server, against the fake server: the group routes
// (/group/*), `GroupInfo` posted to our webhook as wuzapi posts it (a form with the user's token, signed). The
// scenarios are the ones Baileys and Evolution run (group-tools-scenarios.fixture.ts), but for the word list:
// wuzapi cannot delete other members' messages, so a banned word is only logged there.

const adminToken = `wz-${randomBytes(12).toString('hex')}`;
let wz: TFakeWuzapi;
let userName = '';

const callKinds: Record<string, TGroupWorldCall['kind']> = {
  '/group/name': 'subject',
  '/group/topic': 'description',
  '/group/announce': 'setting',
  '/group/updateparticipants': 'participants',
  '/group/photo': 'picture',
};

const sentTexts = () =>
  wz
    .sent(userName)
    .filter((item) => item.action === 'text')
    .map((item) => item.body as { Phone: string; Body: string; ContextInfo?: { MentionedJID?: string[] } });

const world: TGroupWorld = {
  start: async () => {
    wz = await startFakeWuzapi({ adminToken });
    return startPublicTestApp({ webhookAllowPrivate: true });
  },
  pair: async (t, token, queueId, number) => {
    const created = await t.request('POST', '/whatsapp', {
      token,
      body: {
        name: 'wuzapi dos grupos',
        type: 'wuzapi',
        queueId,
        config: { wuzapiUrl: wz.baseUrl, wuzapiAdminToken: adminToken },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    userName = String(created.body.settings.userName);
    await wz.phone.scan(wz.user(userName)?.token, { number, pushName: 'Loja' });
    await eventually(async () => expect((await findConnectionRow(t, created.body.id))?.status).toBe('CONNECTED'));
    return created.body.id as number;
  },
  addGroup: (id, subject, participants) => wz.addGroup({ id, subject, desc: null, announce: false, participants }),
  group: (jid) => wz.group(jid),
  groupChange: async (groupId, members, action, author) => {
    const token = wz.user(userName)?.token;
    await wz.phone.groupChange(
      { groupId, members: members.map(({ id }) => ({ id, admin: null })), action },
      author,
      token,
    );
  },
  receive: async (jid, written) => {
    for (const item of written)
      await wz.phone.message(
        {
          number: item.participant.split('@')[0] ?? '',
          pushName: item.pushName,
          text: item.text,
          id: item.id,
          group: jid,
        },
        wz.user(userName)?.token,
      );
  },
  texts: (jid) =>
    sentTexts()
      .filter((body) => body.Phone === jid)
      .map((body) => ({ text: body.Body, mentions: body.ContextInfo?.MentionedJID ?? [] })),
  privateTexts: (number) => sentTexts().flatMap((body) => (body.Phone === number ? [body.Body] : [])),
  picture: (jid) => wz.group(jid)?.picture,
  pictureSent: groupPictureJpeg,
  deletesMembersMessages: false,
  // wuzapi has no route to delete a member's message: nothing is ever deleted.
  deleted: () => [],
  calls: (jid) =>
    wz.requests
      .filter((made) => callKinds[made.path] && (made.body as { GroupJID?: string } | null)?.GroupJID === jid)
      .map((made) => {
        const body = made.body as { Phone?: string[]; Action?: string };
        const kind = callKinds[made.path] as TGroupWorldCall['kind'];
        return { kind, args: kind === 'participants' ? [body.Phone, body.Action] : [made.body] };
      }),
  close: async () => {
    await wz?.close();
  },
};

const ctx = startGroupToolsWorld(world);

it('subscribes the user to GroupInfo, the member changes', () => {
  expect(wz.user(userName)?.events).toContain('GroupInfo');
});

describeGroupToolScenarios(world, ctx);

itAnswersALeftGroupAsNotFound(world, ctx);
