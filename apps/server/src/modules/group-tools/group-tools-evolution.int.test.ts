import { randomBytes } from 'node:crypto';
import { startFakeEvolution, type TFakeEvolution } from '@prosa/fakes';
import { expect, it } from 'vitest';
import { findConnectionRow, startPublicTestApp } from '../../../test/channels.js';
import { eventually } from '../../../test/sockets.js';
import { itAnswersALeftGroupAsNotFound } from './group-tools-left-group.fixture.js';
import {
  describeGroupToolScenarios,
  startGroupToolsWorld,
  type TGroupWorld,
  type TGroupWorldCall,
} from './group-tools-scenarios.fixture.js';

// The group tools on a WhatsApp number through an Evolution API v2 gateway, against the fake gateway: the
// group routes (/group/*), deleting for everyone, and `group-participants.update` posted to our webhook. The
// scenarios are the ones Baileys runs (group-tools-scenarios.fixture.ts).

const apiKey = `evo-${randomBytes(12).toString('hex')}`;
let evo: TFakeEvolution;
let instanceName = '';

const callKinds: Record<string, TGroupWorldCall['kind']> = {
  updateGroupSubject: 'subject',
  updateGroupDescription: 'description',
  updateSetting: 'setting',
  updateParticipant: 'participants',
  updateGroupPicture: 'picture',
};

const world: TGroupWorld = {
  start: async () => {
    evo = await startFakeEvolution({ apiKey });
    return startPublicTestApp({ webhookAllowPrivate: true });
  },
  pair: async (t, token, queueId, number) => {
    const created = await t.request('POST', '/whatsapp', {
      token,
      body: { name: 'Evolution dos grupos', type: 'evolution', queueId, config: { gatewayUrl: evo.baseUrl, apiKey } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    instanceName = String(created.body.settings.instanceName);
    await evo.phone.scan(instanceName, { number, profileName: 'Loja' });
    await eventually(async () => expect((await findConnectionRow(t, created.body.id))?.status).toBe('CONNECTED'));
    return created.body.id as number;
  },
  addGroup: (id, subject, participants) => evo.addGroup({ id, subject, desc: null, announce: false, participants }),
  group: (jid) => evo.group(jid),
  refuseNextSend: (jid) => evo.refuseNextSend(jid),
  groupChange: async (groupId, members, action, author) => {
    await evo.phone.groupChange({ groupId, members: members.map(({ id }) => ({ id, admin: null })), action }, author);
  },
  receive: async (jid, written) => {
    for (const item of written)
      await evo.phone.message(
        {
          number: item.participant.split('@')[0] ?? '',
          pushName: item.pushName,
          text: item.text,
          id: item.id,
          remoteJid: jid,
        },
        instanceName,
      );
  },
  texts: (jid) =>
    evo
      .sent(instanceName)
      .filter((item) => item.action === 'sendText' && item.body.number === jid)
      .map((item) => ({ text: String(item.body.text), mentions: (item.body.mentioned as string[]) ?? [] })),
  privateTexts: (number) =>
    evo
      .sent(instanceName)
      .filter((item) => item.action === 'sendText' && String(item.body.number).replace(/@.*/, '') === number)
      .map((item) => String(item.body.text)),
  picture: (jid) => evo.group(jid)?.picture,
  deleted: (jid) =>
    evo
      .revoked(instanceName)
      .filter((key) => key.remoteJid === jid)
      .map((key) => ({ id: key.id, participant: key.participant })),
  calls: (jid) =>
    evo.requests
      .filter((made) => made.query.groupJid === jid && callKinds[made.path.split('/')[2] ?? ''])
      .map((made) => {
        const body = made.body as { action?: string; participants?: string[] };
        const kind = callKinds[made.path.split('/')[2] ?? ''] as TGroupWorldCall['kind'];
        return { kind, args: kind === 'participants' ? [body.participants, body.action] : [made.body] };
      }),
  close: async () => {
    await evo?.close();
  },
};

const ctx = startGroupToolsWorld(world);

it('turns groups on for the instance and asks the gateway for group events', () => {
  const instance = evo.instance(instanceName);
  expect(instance?.settings.groupsIgnore).toBe(false);
  expect(instance?.webhook?.events).toContain('GROUP_PARTICIPANTS_UPDATE');
});

describeGroupToolScenarios(world, ctx);

itAnswersALeftGroupAsNotFound(world, ctx);
