import { randomBytes } from 'node:crypto';
import { startFakeUazapi, type TFakeUazapi } from '@prosa/fakes';
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

// The group tools on a WhatsApp number through a uazapiGO v2 server, against the fake server: the group routes
// (/group/*), deleting a member's message (/message/delete) and `groups` posted to our webhook. The scenarios
// are the ones Baileys, Evolution and wuzapi run (group-tools-scenarios.fixture.ts).

const adminToken = `uaz-${randomBytes(12).toString('hex')}`;
let uaz: TFakeUazapi;
let instanceName = '';

const callKinds: Record<string, TGroupWorldCall['kind']> = {
  '/group/updateName': 'subject',
  '/group/updateDescription': 'description',
  '/group/updateAnnounce': 'setting',
  '/group/updateParticipants': 'participants',
  '/group/updateImage': 'picture',
};

const sentTexts = () =>
  uaz
    .sent(instanceName)
    .filter((item) => item.route === 'text')
    .map((item) => item.body as { number: string; text: string; mentions?: string });

/** The mentions uazapi was asked for (numbers separated by commas), as the JIDs the tools named. */
const mentionedJids = (mentions: string | undefined) =>
  mentions ? mentions.split(',').map((number) => `${number}@s.whatsapp.net`) : [];

const world: TGroupWorld = {
  start: async () => {
    uaz = await startFakeUazapi({ adminToken });
    return startPublicTestApp({ webhookAllowPrivate: true });
  },
  pair: async (t, token, queueId, number) => {
    const created = await t.request('POST', '/whatsapp', {
      token,
      body: { name: 'uazapi dos grupos', type: 'uazapi', queueId, config: { uazapiUrl: uaz.baseUrl, adminToken } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    instanceName = String(created.body.settings.instanceName);
    await uaz.phone.scan(instanceName, { number, profileName: 'Loja' });
    await eventually(async () => expect((await findConnectionRow(t, created.body.id))?.status).toBe('CONNECTED'));
    return created.body.id as number;
  },
  addGroup: (id, subject, participants) => uaz.addGroup({ id, subject, desc: null, announce: false, participants }),
  group: (jid) => uaz.group(jid),
  groupChange: async (groupId, members, action, author) => {
    const changed = members.map(({ id }) => ({ id, admin: null }));
    await uaz.phone.groupChange({ groupId, members: changed, action }, author, instanceName);
  },
  receive: async (jid, written) => {
    for (const item of written)
      await uaz.phone.message(
        {
          number: item.participant.split('@')[0] ?? '',
          name: item.pushName,
          text: item.text,
          id: item.id,
          groupId: jid,
        },
        instanceName,
      );
  },
  texts: (jid) =>
    sentTexts()
      .filter((body) => body.number === jid)
      .map((body) => ({ text: body.text, mentions: mentionedJids(body.mentions) })),
  privateTexts: (number) => sentTexts().flatMap((body) => (body.number === number ? [body.text] : [])),
  picture: (jid) => uaz.group(jid)?.picture,
  pictureSent: groupPictureJpeg,
  deleted: (jid) =>
    uaz
      .revoked(instanceName)
      .filter((item) => item.chatid === jid)
      .map((item) => ({ id: item.id, participant: item.sender })),
  calls: (jid) =>
    uaz.requests
      .filter((made) => callKinds[made.path] && (made.body as { groupjid?: string } | null)?.groupjid === jid)
      .map((made) => {
        const body = made.body as { participants?: string[]; action?: string };
        const kind = callKinds[made.path] as TGroupWorldCall['kind'];
        return { kind, args: kind === 'participants' ? [body.participants, body.action] : [made.body] };
      }),
  close: async () => {
    await uaz?.close();
  },
};

const ctx = startGroupToolsWorld(world);

it('asks the server for group events on the webhook', () => {
  expect(uaz.instance(instanceName)?.webhook?.events).toContain('groups');
});

describeGroupToolScenarios(world, ctx);

itAnswersALeftGroupAsNotFound(world, ctx);
