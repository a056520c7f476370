import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createWebchat } from '../../../test/webchat.js';
import { receiveMessage } from './receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let webchatId: number;
let sequence = 0;

const customerSays = async (visitor: string, body: string) => {
  const result = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: webchatId,
    externalId: `sign-${++sequence}`,
    from: { kind: 'webchat', value: visitor, name: visitor },
    body,
    timestamp: Date.now() + sequence,
  });
  if (result.duplicate) throw new Error('unexpected duplicate');
  return result.ticket;
};

const setSigned = async (value: 'enabled' | 'disabled') => {
  const response = await t.request('PUT', '/settings/signed', { token: fx.tokens.admin, body: { value } });
  expect(response.status).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Assinada');
  webchatId = (await createWebchat(t, fx)).id;
});
afterAll(() => t.close());

describe('signing messages (tenant setting `signed`)', () => {
  it('prefixes the agent’s text with their name in bold when on, stores and shows it so', async () => {
    await setSigned('enabled');
    const ticket = await customerSays('sign-1', 'Oi, preciso de ajuda');
    const sent = await t.request('POST', `/messages/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { body: 'Claro, em que posso ajudar?' },
    });
    expect(sent.status).toBe(201);
    const signed = `*${fx.agent.name}*:\nClaro, em que posso ajudar?`;
    expect(sent.body.body).toBe(signed);
    const page = await t.request('GET', `/messages/${ticket.id}`, { token: fx.tokens.agent });
    expect(page.body.messages.map((m: { body: string }) => m.body)).toContain(signed);
  });

  it('leaves the text as written when off', async () => {
    await setSigned('disabled');
    const ticket = await customerSays('sign-2', 'Bom dia');
    const sent = await t.request('POST', `/messages/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { body: 'Bom dia!' },
    });
    expect(sent.body.body).toBe('Bom dia!');
  });
});
