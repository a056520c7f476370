import type { TTicket } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queues } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TListed = { id: number; whatsappId: number | null; protocol: string; contact: { number: string | null } };

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let siteId: number;
let shopId: number;
let otherSiteId: number;
let sequence = 0;

const connection = async (owner: TFixture, name: string, queueId: number) =>
  (await t.request('POST', '/whatsapp', { token: owner.tokens.admin, body: { name, type: 'webchat', queueId } })).body
    .id as number;

/** A customer's message through the channel entry point, from a phone (a JID's digits) or a web chat visitor. */
const customerSays = async (
  owner: TFixture,
  connectionId: number,
  from: { kind: 'phone' | 'webchat'; value: string; name?: string },
  body: string,
) => {
  const result = await receiveMessage(t.prosa.services, {
    tenantId: owner.tenantId,
    connectionId,
    externalId: `search-${++sequence}`,
    from,
    body,
    timestamp: Date.now() + sequence,
  });
  if (result.duplicate) throw new Error('unexpected duplicate');
  return result.ticket;
};

const search = async (term: string, token = fx.tokens.admin, extra = 'showAll=true') => {
  const res = await t.request(
    'GET',
    `/tickets?status=open,pending,closed&${extra}&searchParam=${encodeURIComponent(term)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body as { tickets: TListed[]; count: number };
};

const idsOf = (body: { tickets: TListed[] }) => body.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);

let oldMobile: TTicket;
let landline: TTicket;
let visitor: TTicket;
let shopTicket: TTicket;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Busca', { maxConnections: 5 });
  other = await t.createTenantFixture('Vizinha', { maxConnections: 5 });
  const [vendas] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Vendas' }).returning();
  siteId = await connection(fx, 'Site', fx.queue.id);
  shopId = await connection(fx, 'Loja', (vendas as { id: number }).id);
  otherSiteId = await connection(other, 'Site', other.queue.id);
  // A mobile whose WhatsApp id lacks the ninth digit, a landline, and a web chat visitor.
  oldMobile = await customerSays(fx, siteId, { kind: 'phone', value: '551187654321' }, 'Bom dia');
  await customerSays(fx, siteId, { kind: 'phone', value: '551187654321' }, 'Quero cancelar o PEDIDO 4471');
  landline = await customerSays(fx, siteId, { kind: 'phone', value: '551134567890', name: 'Padaria' }, 'Olá');
  visitor = await customerSays(fx, siteId, { kind: 'webchat', value: 'v-1', name: 'Joana Prado' }, 'Meu boleto venceu');
  shopTicket = await customerSays(fx, shopId, { kind: 'webchat', value: 'v-2', name: 'Carla Loja' }, 'Boleto 50%_off');
  await customerSays(other, otherSiteId, { kind: 'webchat', value: 'v-9', name: 'Joana Vizinha' }, 'boleto vizinho');
});
afterAll(() => t.close());

describe('GET /tickets?searchParam', () => {
  it('finds tickets by a word of a message, whatever its case, only in the caller’s tenant', async () => {
    expect(idsOf(await search('cancelar'))).toEqual([oldMobile.id]);
    expect(idsOf(await search('pedido 4471'))).toEqual([oldMobile.id]);
    const boleto = await search('BOLETO');
    expect(idsOf(boleto)).toEqual([visitor.id, shopTicket.id].sort((a, b) => a - b));
    expect(boleto.count).toBe(2);
    expect(idsOf(await search('vizinho'))).toEqual([]);
    expect(idsOf(await search('boleto', other.tokens.admin))).toHaveLength(1);
  });

  it('finds by contact name, protocol and ticket id', async () => {
    expect(idsOf(await search('joana'))).toEqual([visitor.id]);
    expect(idsOf(await search(String(visitor.protocol)))).toEqual([visitor.id]);
    expect(idsOf(await search(String(landline.id)))).toContain(landline.id);
  });

  it('treats % and _ as text, not as wildcards', async () => {
    expect(idsOf(await search('50%_off'))).toEqual([shopTicket.id]);
    // As wildcards '5_%' would match '50%_off'.
    expect(idsOf(await search('5_%'))).toEqual([]);
  });

  it('keeps the visibility rules: an agent finds only the tickets of their queues', async () => {
    expect(idsOf(await search('boleto', fx.tokens.agent, 'showAll=false'))).toEqual([visitor.id]);
  });
});

describe('Brazilian mobiles reported without the ninth digit', () => {
  it('are shown in the dialable nine-digit form; landlines keep theirs', async () => {
    const { tickets } = await search('Padaria');
    expect(tickets[0]?.contact.number).toBe('+551134567890');
    expect(oldMobile.contact.number).toBe('+5511987654321');
  });

  it('are found by either form of the number, with or without the country code', async () => {
    for (const typed of ['11987654321', '(11) 98765-4321', '1187654321', '+55 11 8765-4321', '98765-4321']) {
      expect(idsOf(await search(typed)), typed).toEqual([oldMobile.id]);
    }
  });

  it('a later message under the nine-digit form lands on the same contact and ticket', async () => {
    const again = await customerSays(fx, siteId, { kind: 'phone', value: '5511987654321' }, 'Alô?');
    expect(again.id).toBe(oldMobile.id);
    expect(again.contactId).toBe(oldMobile.contactId);
  });
});

describe('GET /tickets?showAll=true&whatsappIds', () => {
  it('lists only the tickets of the chosen connections', async () => {
    const res = await t.request('GET', `/tickets?status=open,pending&showAll=true&whatsappIds=${shopId}`, {
      token: fx.tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((ticket: TListed) => ticket.whatsappId)).toEqual([shopId]);
    expect(res.body.count).toBe(1);
    const both = await t.request('GET', `/tickets?status=open,pending&showAll=true&whatsappIds=${shopId},${siteId}`, {
      token: fx.tokens.admin,
    });
    expect(both.body.count).toBe(4);
  });
});
