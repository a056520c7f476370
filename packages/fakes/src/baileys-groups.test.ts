import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaileysControl } from './baileys-control.js';
import { createFakeBaileys, type TFakeBaileysSocket } from './baileys-socket.js';

// The fake's groups as WhatsApp plays them: only admins change a group (403 otherwise), each member answered
// apart, membership events in the v7 shape; and the HTTP control the demo and e2e drive them with.
const me = '5511940001000@s.whatsapp.net';
let fake: ReturnType<typeof createFakeBaileys>;
let socket: TFakeBaileysSocket;
let control: Awaited<ReturnType<typeof startBaileysControl>>;

const post = async (path: string, body: object) => {
  const res = await fetch(`${control.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  fake = createFakeBaileys();
  socket = fake.factory({
    auth: { creds: { me: { id: '5511940001000:7@s.whatsapp.net' } }, keys: { get: () => null, set: () => null } },
  });
  // A paired socket opens by itself: `connecting`, then `open`.
  await new Promise<void>((resolve) =>
    socket.ev.on('connection.update', (update: { connection?: string }) => {
      if (update.connection === 'open') resolve();
    }),
  );
  control = await startBaileysControl(fake);
});
afterAll(() => control.close());

describe('fake Baileys groups', () => {
  it('lets an admin change the group and refuses a member with 403', async () => {
    const { jid } = await post('/_fake/group', { subject: 'Vendas', members: ['+55 11 97777-0001'] });
    const groupJid = String(jid);
    expect(fake.group(groupJid)?.participants).toEqual([
      { id: me, admin: 'superadmin' },
      { id: '5511977770001@s.whatsapp.net', admin: null },
    ]);
    expect(
      await socket.groupParticipantsUpdate(groupJid, ['5511977770001@s.whatsapp.net', 'x@s.whatsapp.net'], 'promote'),
    ).toEqual([
      { status: '200', jid: '5511977770001@s.whatsapp.net' },
      { status: '404', jid: 'x@s.whatsapp.net' },
    ]);
    const { jid: other } = await post('/_fake/group', { subject: 'Condomínio', admin: false });
    await expect(socket.groupUpdateSubject(String(other), 'Outro')).rejects.toMatchObject({
      output: { statusCode: 403 },
    });
    expect(Object.keys(await socket.groupFetchAllParticipating()).sort()).toEqual([groupJid, String(other)].sort());
  });

  it("emits joins, leaves and members' messages from the control", async () => {
    const { jid } = await post('/_fake/group', { subject: 'Eventos' });
    const joined = once(socket.ev, 'group-participants.update');
    await post('/_fake/group-join', { jid, number: '5511977770009' });
    expect((await joined)[0]).toEqual({
      id: jid,
      author: null,
      participants: [{ id: '5511977770009@s.whatsapp.net' }],
      action: 'add',
    });
    const written = once(socket.ev, 'messages.upsert');
    await post('/_fake/group-message', { jid, number: '5511977770009', name: 'Ana', text: 'Oi' });
    const [{ messages }] = (await written) as [{ messages: { key: { participant: string }; message: unknown }[] }];
    expect(messages[0]?.key.participant).toBe('5511977770009@s.whatsapp.net');
    expect(messages[0]?.message).toEqual({ conversation: 'Oi' });
    await post('/_fake/group-leave', { jid, number: '5511977770009' });
    expect(fake.group(String(jid))?.participants.map((p) => p.id)).toEqual([me]);
  });
});
