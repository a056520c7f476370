import { readFileSync } from 'node:fs';
import path from 'node:path';
import { events, type TContactListEvent } from '@prosa/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignChannel, contactRows, createCampaignConnection } from '../../../../test/campaigns.js';
import { textsSentBy } from '../../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { fastJobs } from '../../../../test/jobs.js';
import { closeSockets, connect, connected, nextEvent } from '../../../../test/sockets.js';
import { migrationsFolder } from '../../../platform/db/client.js';
import { chatFlowRuns, chatFlows, connections, contacts, tickets } from '../../../platform/db/schema.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { buildFlow } from './flow-test-kit.js';

// A chat flow's Kanban step moves the contact: the lane campaigns' audiences and contatos-por-kanban read
// (`contacts.kanban`) is the one the flow sets, and the ticket's lane follows it.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let webchatId: number;
let campaignConnectionId: number;
const lane = 4;

/** The engine's runs for the ticket's messages. */
const runsOf = async (ticketId: number) =>
  (await t.db.select({ id: chatFlowRuns.id }).from(chatFlowRuns).where(eq(chatFlowRuns.ticketId, ticketId))).length;

const botSaid = (ticketId: number) => textsSentBy(t, ticketId, 'bot');

const report = async (fixture: TFixture) => {
  const res = await t.request('GET', `/reports/contatos-por-kanban?kanbanIds=${lane}`, {
    token: fixture.tokens.supervisor,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.rows as { name: string; kanban: string }[];
};

beforeAll(async () => {
  t = await startTestApp(fastJobs, { channels: [campaignChannel('api', new Map())] });
  fx = await t.createTenantFixture('Funil do fluxo');
  other = await t.createTenantFixture('Funil vizinho');
  const site = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(site.status, JSON.stringify(site.body)).toBe(201);
  webchatId = site.body.id;
  campaignConnectionId = await createCampaignConnection(t, fx);
  const flow = buildFlow([
    {
      id: 'funil',
      interactions: [
        { id: 'coluna', type: 'KanbanField', data: { kanban: lane } },
        { id: 'aviso', type: 'MessageField', data: { message: 'Você está na coluna {{kanban}}.' } },
      ],
      on: [['*', `queue:${fx.queue.id}`]],
    },
  ]);
  const [row] = await t.db
    .insert(chatFlows)
    .values({ tenantId: fx.tenantId, name: 'Funil', flow })
    .returning({ id: chatFlows.id });
  await t.db
    .update(connections)
    .set({ chatFlowId: row?.id as number })
    .where(eq(connections.id, webchatId));
}, 120_000);
afterAll(async () => {
  closeSockets();
  await t.close();
});

describe("a chat flow's Kanban step", () => {
  it('moves the contact, whom the campaign audience by that lane and contatos-por-kanban then find', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const told = nextEvent<TContactListEvent>(
      socket,
      events.contactList(fx.tenantId),
      (e) => e.type === 'contact:update' && e.payload.kanban === lane,
    );
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: 'funil-1',
      from: { kind: 'webchat', value: 'visitante-funil', name: 'Marina Funil' },
      body: 'Oi',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('duplicate');
    const { id: ticketId, contactId } = received.ticket;
    expect(await runsOf(ticketId)).toBe(1);

    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, contactId));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect([contact?.kanban, ticket?.kanban]).toEqual([lane, lane]);
    // The text after the step is filled with the lane the step set.
    expect(await botSaid(ticketId)).toEqual([`Você está na coluna ${lane}.`]);
    const event = await told;
    expect(event.type === 'contact:update' && event.payload.id).toBe(contactId);

    const campaign = await t.request('POST', '/campaigns', {
      token: fx.tokens.admin,
      body: { name: 'Coluna 4', connectionId: campaignConnectionId, messages: ['Olá {{name}}!'] },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const audience = await t.request('POST', `/campaigns/contacts/${campaign.body.id}`, {
      token: fx.tokens.admin,
      body: { kanbanIds: [lane] },
    });
    expect(audience.body).toEqual({ added: 1, duplicates: 0, errors: [] });
    expect((await contactRows(t, campaign.body.id)).map((r) => r.contactId)).toEqual([contactId]);

    expect((await report(fx)).map((r) => `${r.kanban}:${r.name}`)).toEqual([`Coluna ${lane}:Marina Funil`]);
    expect(await report(other)).toEqual([]);
  });
});

describe("the migration to the contact's lane (0036)", () => {
  it("puts a contact without a lane on its latest ticket's lane, and leaves a contact's own lane alone", async () => {
    const person = async (name: string, kanban: number | null) => {
      const [row] = await t.db
        .insert(contacts)
        .values({ tenantId: other.tenantId, name, kanban })
        .returning({ id: contacts.id });
      return row?.id as number;
    };
    const ticketOn = (contactId: number, kanban: number | null, updatedAt: string) =>
      t.db
        .insert(tickets)
        .values({ tenantId: other.tenantId, contactId, status: 'closed', kanban, updatedAt: new Date(updatedAt) });
    // As a flow left them before: the lane on the tickets only.
    const moved = await person('Movida pelo fluxo', null);
    await ticketOn(moved, 2, '2026-11-01T12:00:00Z');
    await ticketOn(moved, 5, '2026-11-20T12:00:00Z');
    await ticketOn(moved, null, '2026-11-25T12:00:00Z');
    const placed = await person('Já na coluna', 3);
    await ticketOn(placed, 7, '2026-11-20T12:00:00Z');
    const never = await person('Sem coluna', null);
    await ticketOn(never, null, '2026-11-20T12:00:00Z');

    const migration = readFileSync(path.join(migrationsFolder, '0036_contact_kanban_lanes.sql'), 'utf8');
    await t.db.execute(sql.raw(migration));

    const lanes = await t.db
      .select({ id: contacts.id, kanban: contacts.kanban })
      .from(contacts)
      .where(eq(contacts.tenantId, other.tenantId))
      .orderBy(asc(contacts.id));
    expect(lanes).toEqual([
      { id: moved, kanban: 5 },
      { id: placed, kanban: 3 },
      { id: never, kanban: null },
    ]);
  });
});
