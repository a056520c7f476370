import { randomBytes } from 'node:crypto';
import { startFakeUazapi, type TFakeSmtp, type TFakeUazapi } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import { messagesWithExternalId, type TConnectionBody, type TTenantFixture } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';

// Calls on a uazapiGO v2 server: its `call` webhook (whatsmeow's CallOffer) reaches the channel host as the
// other WhatsApp channels' calls do, in either envelope uazapi posts; with the tenant's rejectCalls on, the call
// is refused through uazapi's per-call `/call/reject`, recorded in the caller's ticket and answered with the
// tenant's callRejectMessage.

let t: TestApp;
let fx: TTenantFixture;
let uaz: TFakeUazapi;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let instanceName: string;

const adminToken = `uaz-${randomBytes(12).toString('hex')}`;
const customer = { number: '5511987650088' };

const setting = (key: string, value: string) =>
  t.request('PUT', `/settings/${key}`, { token: fx.tokens.admin, body: { value } });

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken });
  ({ t, smtp, fx } = await startChannelTestApp({ tenant: 'Chamadas', maxConnections: 5, publicOnOwnPort: true }));
  const res = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'uazapi', type: 'uazapi', queueId: fx.queue.id, config: { uazapiUrl: uaz.baseUrl, adminToken } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  connection = res.body;
  instanceName = String(connection.settings.instanceName);
  expect((await uaz.phone.scan(instanceName))?.status).toBe(200);
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await uaz.close();
});

describe('uazapi calls', () => {
  it('the webhook subscribes to call', () => {
    expect(uaz.instance(instanceName)?.webhook?.events).toContain('call');
  });

  it('rings through while rejectCalls is off; once on, /call/reject, a notice in the ticket and the reply', async () => {
    expect((await uaz.phone.call({ number: customer.number, id: 'UAZCALL01' }, instanceName))?.status).toBe(200);
    expect(uaz.rejectedCalls()).toEqual([]);
    expect(await messagesWithExternalId(t, 'call-UAZCALL01')).toHaveLength(0);

    expect((await setting('rejectCalls', 'enabled')).status).toBe(200);
    expect((await setting('callRejectMessage', 'Só atendemos por mensagem.')).status).toBe(200);
    expect((await uaz.phone.call({ number: customer.number, id: 'UAZCALL02' }, instanceName))?.status).toBe(200);
    expect(uaz.rejectedCalls()).toEqual([{ number: customer.number, id: 'UAZCALL02' }]);
    const [notice] = await messagesWithExternalId(t, 'call-UAZCALL02');
    expect(notice).toMatchObject({ fromMe: false, body: 'Chamada de voz recusada' });
    await eventually(
      () =>
        expect(uaz.sent(instanceName).at(-1)).toMatchObject({
          route: 'text',
          body: { number: customer.number, text: 'Só atendemos por mensagem.' },
        }),
      15_000,
    );
  });

  it('reads a video call posted in the { event, instance, data } envelope the same way', async () => {
    uaz.useEnvelope('data');
    const delivery = await uaz.phone.call({ number: customer.number, id: 'UAZCALL03', video: true }, instanceName);
    expect(delivery?.status).toBe(200);
    expect(uaz.rejectedCalls().at(-1)).toEqual({ number: customer.number, id: 'UAZCALL03' });
    const [notice] = await messagesWithExternalId(t, 'call-UAZCALL03');
    expect(notice).toMatchObject({ fromMe: false, body: 'Chamada de vídeo recusada' });
    uaz.useEnvelope('flat');
    expect((await setting('rejectCalls', 'disabled')).status).toBe(200);
  });
});
