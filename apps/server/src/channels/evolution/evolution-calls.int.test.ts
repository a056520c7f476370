import { randomBytes } from 'node:crypto';
import { startFakeEvolution, type TFakeEvolution, type TFakeSmtp } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import { messagesWithExternalId, type TConnectionBody, type TTenantFixture } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';

// Calls on an Evolution API v2 gateway: its `call` webhook (Baileys' WACallEvent) reaches the channel host as
// the other WhatsApp channels' calls do, and the tenant's rejectCalls / callRejectMessage act on it. Evolution
// refuses calls only by an instance setting, never one by one: the call is recorded as not answered and the
// text still goes to the caller.

let t: TestApp;
let fx: TTenantFixture;
let evo: TFakeEvolution;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let instanceName: string;

const apiKey = `evo-${randomBytes(12).toString('hex')}`;
const customer = { number: '5511987650077', lid: '201234567890123' };

const setting = (key: string, value: string) =>
  t.request('PUT', `/settings/${key}`, { token: fx.tokens.admin, body: { value } });

beforeAll(async () => {
  evo = await startFakeEvolution({ apiKey });
  ({ t, smtp, fx } = await startChannelTestApp({ tenant: 'Chamadas', maxConnections: 5, publicOnOwnPort: true }));
  const res = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'WhatsApp', type: 'evolution', queueId: fx.queue.id, config: { gatewayUrl: evo.baseUrl, apiKey } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  connection = res.body;
  instanceName = String(connection.settings.instanceName);
  expect((await evo.phone.scan(instanceName))?.status).toBe(200);
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await evo.close();
});

describe('Evolution API calls', () => {
  it('the webhook subscribes to CALL', () => {
    expect(evo.instance(instanceName)?.webhook?.events).toContain('CALL');
  });

  it("rings through while rejectCalls is off; once on, recorded as not answered and the tenant's text sent", async () => {
    expect((await evo.phone.call({ number: customer.number, id: 'EVOCALL01' }, instanceName))?.status).toBe(200);
    expect(await messagesWithExternalId(t, 'call-EVOCALL01')).toHaveLength(0);

    expect((await setting('rejectCalls', 'enabled')).status).toBe(200);
    expect((await setting('callRejectMessage', 'Aqui atendemos só por mensagem.')).status).toBe(200);
    const delivery = await evo.phone.call({ number: customer.number, id: 'EVOCALL02', video: true }, instanceName);
    expect(delivery?.status).toBe(200);
    const [notice] = await messagesWithExternalId(t, 'call-EVOCALL02');
    // Evolution cannot refuse this one call: it rang on, so the ticket says it was not answered.
    expect(notice).toMatchObject({ fromMe: false, body: 'Chamada de vídeo não atendida' });
    await eventually(
      () =>
        expect(evo.sent(instanceName).at(-1)).toMatchObject({
          action: 'sendText',
          body: { number: customer.number, text: 'Aqui atendemos só por mensagem.' },
        }),
      15_000,
    );
    // The same call reported again is one notice and one answer.
    const sends = evo.sent(instanceName).length;
    await evo.phone.call({ number: customer.number, id: 'EVOCALL02', video: true }, instanceName);
    expect(await messagesWithExternalId(t, 'call-EVOCALL02')).toHaveLength(1);
    expect(evo.sent(instanceName)).toHaveLength(sends);
  });

  it("a LID caller is filed under the phone the call carries (callerPn); a call's later states change nothing", async () => {
    await evo.phone.call({ number: customer.number, lid: customer.lid, id: 'EVOCALL03' }, instanceName);
    const [notice] = await messagesWithExternalId(t, 'call-EVOCALL03');
    const [first] = await messagesWithExternalId(t, 'call-EVOCALL02');
    expect(notice).toMatchObject({ body: 'Chamada de voz não atendida', ticketId: first?.ticketId });
    expect((await setting('rejectCalls', 'disabled')).status).toBe(200);
  });
});
