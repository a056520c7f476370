import { events, type TFlowDocumentInput, type TTicketListEvent } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import { connections, ticketFlowStates, ticketLogs, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { findChatFlow, findFlowForTicket } from './chat-flows.service.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let otherFlowId: number;
let webchatId: number;
let sequence = 0;

/** A two-level menu: "1" goes to sales (then any answer to the queue), "2" to the support queue, else close. */
const menu = (queueId: number | null = fx.queue.id): TFlowDocumentInput => ({
  version: 1,
  nodeList: [
    { id: 'start', type: 'start', name: 'Início' },
    { id: 'configurations', type: 'configurations', name: 'Configurações', configurations: {} },
    {
      id: 'menu',
      type: 'node',
      name: 'Menu',
      interactions: [
        {
          id: 'i1',
          type: 'MessageOptionsField',
          data: {
            message: 'Olá {{name}}! Escolha:',
            options: [
              { id: 'o1', label: 'Vendas' },
              { id: 'o2', label: 'Suporte' },
            ],
          },
        },
      ],
      conditions: [
        { id: 'c1', type: 'R', condition: ['1', 'vendas'], action: 0, nextStepId: 'vendas' },
        { id: 'c2', type: 'R', condition: ['2', 'suporte'], action: 1, queueId },
        { id: 'c3', type: 'US', action: 3 },
      ],
    },
    {
      id: 'vendas',
      type: 'node',
      name: 'Vendas',
      interactions: [{ id: 'i2', type: 'MessageField', data: { message: 'Um vendedor já vem.' } }],
      conditions: [{ id: 'c4', type: 'US', action: 1, queueId: null }],
    },
  ],
  lineList: [
    { from: 'start', to: 'menu' },
    { from: 'menu', to: 'vendas' },
  ],
});

const call = async (method: string, path: string, body?: unknown, expected = 200, token = fx.tokens.admin) => {
  const res = await t.request(method, path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return res.body;
};

const createFlow = (name: string, extra: object = {}) => call('POST', '/chat-flow', { name, ...extra }, 201);

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Fluxos', { maxConnections: 5 });
  other = await t.createTenantFixture('Vizinho');
  otherFlowId = (await call('POST', '/chat-flow', { name: 'Alheio' }, 201, other.tokens.admin)).id;
  webchatId = (await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id }, 201)).id;
}, 120_000);
afterAll(() => t.close());
afterEach(closeSockets);

describe('chat flows: keeping them', () => {
  it('creates with the starter document, lists by name, reads, saves with a rising revision', async () => {
    const created = await createFlow('Zeta atendimento', { celularTeste: '' });
    expect(created).toMatchObject({ isActive: true, celularTeste: null, userId: fx.admin.id, revision: 1 });
    expect(created.flow.nodeList.map((n: { type: string }) => n.type)).toEqual(['start', 'configurations', 'node']);
    const second = await createFlow('Alfa menu', { flow: menu(), isActive: false, celularTeste: '5511999990000' });
    const list = await call('GET', '/chat-flow', undefined, 200, fx.tokens.agent);
    const names = list.map((f: { name: string }) => f.name);
    expect(names.indexOf('Alfa menu')).toBeLessThan(names.indexOf('Zeta atendimento'));
    expect(names).not.toContain('Alheio');

    const read = await call('GET', `/chat-flow/${second.id}`, undefined, 200, fx.tokens.agent);
    expect(read).toMatchObject({ name: 'Alfa menu', isActive: false, celularTeste: '5511999990000' });
    expect(read.flow.nodeList).toHaveLength(4);

    const saved = await call('PUT', `/chat-flow/${second.id}`, { name: 'Alfa', flow: menu(), revision: 1 });
    expect(saved).toMatchObject({ name: 'Alfa', revision: 2 });
    const toggled = await call('PUT', `/chat-flow/${second.id}`, { isActive: true });
    expect(toggled).toMatchObject({ isActive: true, revision: 3, name: 'Alfa' });
  });

  it('refuses a save from a stale revision with 409 and the current revision', async () => {
    const flow = await createFlow('Concorrido', { flow: menu() });
    await call('PUT', `/chat-flow/${flow.id}`, { name: 'Primeiro editor', revision: 1 });
    const stale = await call('PUT', `/chat-flow/${flow.id}`, { name: 'Segundo editor', revision: 1 }, 409);
    expect(stale).toMatchObject({ error: 'ERR_CHAT_FLOW_CONFLICT', revision: 2 });
    expect((await call('GET', `/chat-flow/${flow.id}`)).name).toBe('Primeiro editor');
  });

  it('answers 401 without a token, 403 to an agent writing, 404 for another tenant or a deleted flow', async () => {
    const flow = await createFlow('Guardado');
    expect((await t.request('GET', '/chat-flow')).status).toBe(401);
    expect((await t.request('POST', '/chat-flow', { body: { name: 'X' } })).status).toBe(401);
    for (const [method, path, body] of [
      ['POST', '/chat-flow', { name: 'X' }],
      ['PUT', `/chat-flow/${flow.id}`, { name: 'X' }],
      ['DELETE', `/chat-flow/${flow.id}`, undefined],
      ['POST', '/chat-flow-duplicate', { chatFlowId: flow.id }],
    ] as const) {
      const res = await t.request(method, path, { token: fx.tokens.agent, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    for (const [method, body] of [['GET'], ['PUT', { name: 'Meu' }], ['DELETE']] as const) {
      const res = await t.request(method, `/chat-flow/${otherFlowId}`, { token: fx.tokens.admin, body });
      expect(res.status, method).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CHAT_FLOW_FOUND');
    }
    const dup = await t.request('POST', '/chat-flow-duplicate', {
      token: fx.tokens.admin,
      body: { chatFlowId: otherFlowId },
    });
    expect(dup.status).toBe(404);
    await call('DELETE', `/chat-flow/${flow.id}`);
    expect((await t.request('GET', `/chat-flow/${flow.id}`, { token: fx.tokens.admin })).status).toBe(404);
    expect((await t.request('DELETE', `/chat-flow/${flow.id}`, { token: fx.tokens.admin })).status).toBe(404);
    expect((await call('GET', '/chat-flow')).map((f: { id: number }) => f.id)).not.toContain(flow.id);
  });

  it('names the field of a body the schema refuses', async () => {
    expect((await call('POST', '/chat-flow', { name: '' }, 400)).field).toBe('name');
    const flow = await createFlow('Campos');
    const bad = await call('PUT', `/chat-flow/${flow.id}`, { flow: { nodeList: [{ id: 'x', type: 'robot' }] } }, 400);
    expect(bad.field).toMatch(/^flow\.nodeList/);
    expect((await call('PUT', `/chat-flow/${flow.id}`, { revision: 1 }, 400)).error).toBe('ERR_VALIDATION');
    expect((await call('POST', '/chat-flow-duplicate', { chatFlowId: 'abc' }, 400)).field).toBe('chatFlowId');
  });

  it('duplicates as "(cópia)", inactive, test phone kept, revision 1', async () => {
    const source = await createFlow('Original', { flow: menu(), celularTeste: '5511988887777' });
    await call('PUT', `/chat-flow/${source.id}`, { name: 'Original' });
    const copy = await call('POST', '/chat-flow-duplicate', { chatFlowId: source.id }, 201);
    expect(copy).toMatchObject({
      name: 'Original (cópia)',
      isActive: false,
      celularTeste: '5511988887777',
      revision: 1,
      flow: source.flow,
    });
    expect(copy.id).not.toBe(source.id);
  });
});

describe('chat flows: invalid documents are refused with the node named', () => {
  const refused = async (doc: TFlowDocumentInput) => {
    const res = await t.request('POST', '/chat-flow', { token: fx.tokens.admin, body: { name: 'Ruim', flow: doc } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.issues.length).toBeGreaterThan(0);
    return res.body as { field: string; message: string; issues: { nodeId: string | null; message: string }[] };
  };

  it('a line to a step that does not exist', async () => {
    const doc = menu();
    doc.lineList.push({ from: 'menu', to: 'fantasma' });
    const body = await refused(doc);
    expect(body.field).toBe('flow.lineList.2');
    expect(body.message).toContain('"Menu"');
    expect(body.issues[0]?.nodeId).toBe('menu');
  });

  it('a step without a way out', async () => {
    const doc = menu();
    const sales = doc.nodeList[3] as { conditions: unknown[] };
    sales.conditions = [];
    const body = await refused(doc);
    expect(body.field).toBe('flow.nodeList.vendas.conditions');
    expect(body.message).toContain('"Vendas"');
  });

  it('two steps leading to each other', async () => {
    const doc = menu();
    const sales = doc.nodeList[3] as { conditions: unknown[] };
    sales.conditions = [{ id: 'c5', type: 'US', action: 0, nextStepId: 'menu' }];
    doc.lineList.push({ from: 'vendas', to: 'menu' });
    const body = await refused(doc);
    expect(body.message).toContain('"Vendas" e "Menu" ligam uma à outra');
  });

  it("a hand-off to a queue deleted since, another tenant's queue, a deleted flow", async () => {
    const queue = await call('POST', '/queue', { queue: 'Temporária' }, 201);
    const flow = await createFlow('Com fila', { flow: menu(queue.id) });
    const gone = await t.request('DELETE', `/queue/${queue.id}`, { token: fx.tokens.admin });
    expect(gone.status).toBeLessThan(300);
    const res = await t.request('PUT', `/chat-flow/${flow.id}`, {
      token: fx.tokens.admin,
      body: { flow: menu(queue.id) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('flow.nodeList.menu.conditions.1');
    expect(res.body.message).toContain('"Menu"');
    expect(res.body.message).toContain('a fila escolhida não existe mais');
    const foreign = await refused(menu(other.queue.id));
    expect(foreign.field).toBe('flow.nodeList.menu.conditions.1');

    const target = await createFlow('Alvo');
    const jumping = menu();
    (jumping.nodeList[3] as { interactions: unknown[] }).interactions.push({
      id: 'j1',
      type: 'ChatFlowField',
      data: { chatFlowId: target.id },
    });
    await createFlow('Pula', { flow: jumping });
    await call('DELETE', `/chat-flow/${target.id}`);
    expect((await refused(jumping)).message).toContain('o fluxo escolhido não existe mais');
  });
});

/** A flow as the family's builder exports it: px positions, ids and numbers as strings, steps we do not run. */
const familyExport = (queueId: number | string) => ({
  name: 'Atendimento principal',
  nodeList: [
    { id: 'start', name: 'Inicio', type: 'start', left: '26px', top: '26px', ico: 'mdi-play', viewOnly: true },
    {
      id: 'configurations',
      name: 'Configurações',
      type: 'configurations',
      left: '100px',
      top: '26px',
      configurations: {
        notOptionsSelectMessage: { message: 'Opção inválida, tente de novo.', stepReturn: 'A' },
        notResponseMessage: { time: '10', type: 1, destiny: String(queueId), message: 'Vamos te encaminhar.' },
        welcomeMessage: { message: 'Aguarde, um atendente vai falar com você.' },
        maxRetryBotMessage: { number: 3, type: 1, destiny: null },
        autoDistributeTickets: 'N',
        answerCloseTicket: ['sair'],
        farewellMessage: { message: 'Obrigado!' },
        outOpenHours: null,
        firstInteraction: null,
        keyword: { message: '#menu' },
      },
    },
    {
      id: 'a1b2c3',
      name: 'Boas-vindas',
      type: 'node',
      left: '340.5px',
      top: '180px',
      ico: 'mdi-message',
      status: 'success',
      interactions: [
        { id: '1670000000001', type: 'MessageField', data: { message: 'Olá {{name}}! 1 - Financeiro, 2 - Suporte' } },
        { id: '1670000000003', type: 'TypebotField', data: { typebotUrl: 'https://typebot.io/x', typebotName: 'x' } },
      ],
      conditions: [
        { id: 'cond-1', type: 'R', condition: ['1'], action: '0', nextStepId: 'd4e5f6', queueId: null },
        { id: 'cond-2', type: 'R', condition: ['2'], action: 1, nextStepId: null, queueId: String(queueId) },
      ],
    },
    {
      id: 'd4e5f6',
      name: 'Financeiro',
      type: 'node',
      left: '640px',
      top: '180px',
      interactions: [{ id: '1670000000010', type: 'MessageField', data: { message: 'Financeiro: um instante.' } }],
      conditions: [{ id: 'cond-3', type: 'US', condition: [], action: '1', queueId: String(queueId) }],
    },
  ],
  lineList: [
    { from: 'start', to: 'a1b2c3', paintStyle: { strokeWidth: 2, stroke: '#1879ff' } },
    { from: 'a1b2c3', to: 'd4e5f6', paintStyle: { strokeWidth: 2, stroke: '#1879ff' } },
  ],
});

describe('chat flows: import', () => {
  it("takes a family export, as {flow} or as the whole body, and keeps the flow's name", async () => {
    const flow = await createFlow('Importado');
    const saved = await call('PUT', `/chat-flow-import/${flow.id}`, { flow: familyExport(fx.queue.id) });
    expect(saved).toMatchObject({ id: flow.id, name: 'Importado', revision: 2 });
    const welcome = saved.flow.nodeList.find((n: { id: string }) => n.id === 'a1b2c3');
    expect(welcome).toMatchObject({ name: 'Boas-vindas', left: 341, top: 180 });
    expect(welcome.interactions.map((i: { type: string }) => i.type)).toEqual(['MessageField']);
    expect(welcome.conditions[1]).toMatchObject({ action: 1, queueId: fx.queue.id });

    const whole = await call('PUT', `/chat-flow-import/${flow.id}`, familyExport(String(fx.queue.id)));
    expect(whole.revision).toBe(3);
    expect(whole.flow).toEqual(saved.flow);
  });

  it('takes back an exported flow unchanged', async () => {
    const source = await createFlow('Exportado', { flow: menu() });
    const target = await createFlow('Destino');
    const exported = (await call('GET', `/chat-flow/${source.id}`)).flow;
    const saved = await call('PUT', `/chat-flow-import/${target.id}`, { flow: JSON.stringify(exported) });
    expect(saved.flow).toEqual(exported);
  });

  it('refuses a file that is not a flow, or names what the tenant does not have, with the node named', async () => {
    const flow = await createFlow('Recusado');
    const junk = await call('PUT', `/chat-flow-import/${flow.id}`, { flow: { nodes: [] } }, 400);
    expect(junk).toMatchObject({ error: 'ERR_VALIDATION', field: 'flow.nodeList' });
    expect(junk.issues).toHaveLength(1);
    const foreign = await call('PUT', `/chat-flow-import/${flow.id}`, familyExport(other.queue.id), 400);
    expect(foreign.message).toContain('"Boas-vindas"');
    expect(foreign.issues.map((i: { nodeId: string }) => i.nodeId)).toEqual(
      expect.arrayContaining(['a1b2c3', 'd4e5f6', 'configurations']),
    );
    expect(
      (await t.request('PUT', `/chat-flow-import/${otherFlowId}`, { token: fx.tokens.admin, body: {} })).status,
    ).toBe(404);
    expect((await call('GET', `/chat-flow/${flow.id}`)).revision).toBe(1);
  });
});

describe('chat flows: connections, the tenant default and deletion', () => {
  const inbound = async () => {
    sequence += 1;
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `chat-flows-${sequence}`,
      from: { kind: 'webchat', value: `fluxo-${sequence}`, name: `Cliente ${sequence}` },
      body: 'Oi',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    return received.ticket.id;
  };

  it("a connection takes one of the tenant's flows, never another tenant's", async () => {
    const flow = await createFlow('Da conexão');
    const put = await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: flow.id });
    expect(put.chatFlowId).toBe(flow.id);
    const foreign = await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: otherFlowId }, 400);
    expect(foreign.field).toBe('chatFlowId');
    const created = await call('POST', '/whatsapp', { name: 'Outro site', type: 'webchat', chatFlowId: flow.id }, 201);
    expect(created.chatFlowId).toBe(flow.id);
    expect((await call('GET', `/whatsapp/${created.id}`)).chatFlowId).toBe(flow.id);
    await call('DELETE', `/whatsapp/${created.id}`, undefined, 204);
    const cleared = await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: null });
    expect(cleared.chatFlowId).toBeNull();
  });

  it('botTicketActive takes only an active flow of the tenant', async () => {
    const active = await createFlow('Padrão');
    const inactive = await createFlow('Desligado', { isActive: false });
    for (const value of [String(otherFlowId), String(inactive.id), 'abc']) {
      const res = await call('PUT', '/settings/botTicketActive', { value }, 400);
      expect(res.field).toBe('value');
    }
    expect((await call('PUT', '/settings/botTicketActive', { value: String(active.id) })).value).toBe(
      String(active.id),
    );
    expect((await call('PUT', '/settings/botTicketActive', { value: '' })).value).toBe('');
  });

  it("picks the connection's flow, else the tenant default, active and not deleted only", async () => {
    const own = await createFlow('Própria', { celularTeste: '5511977776666' });
    const fallback = await createFlow('Reserva');
    const run = <T>(work: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
      withTenant(t.db, fx.tenantId, work);
    const pick = () => run((tx) => findFlowForTicket(tx, fx.tenantId, { whatsappId: webchatId }));

    await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: null });
    await call('PUT', '/settings/botTicketActive', { value: '' });
    expect(await pick()).toBeNull();
    await call('PUT', '/settings/botTicketActive', { value: String(fallback.id) });
    expect((await pick())?.id).toBe(fallback.id);
    expect((await run((tx) => findFlowForTicket(tx, fx.tenantId, { whatsappId: null })))?.id).toBe(fallback.id);
    await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: own.id });
    expect(await pick()).toMatchObject({ id: own.id, celularTeste: '5511977776666' });
    expect((await pick())?.flow.nodeList[0]?.id).toBe('start');
    // An inactive connection flow pauses the bot on that connection (domain 5.2).
    await call('PUT', `/chat-flow/${own.id}`, { isActive: false });
    expect(await pick()).toBeNull();
    expect(await run((tx) => findChatFlow(tx, fx.tenantId, own.id))).toBeNull();
    expect(await run((tx) => findChatFlow(tx, fx.tenantId, otherFlowId))).toBeNull();
    expect((await run((tx) => findChatFlow(tx, fx.tenantId, fallback.id)))?.id).toBe(fallback.id);
    await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: null });
    await call('PUT', '/settings/botTicketActive', { value: '' });
  });

  it('deleting a flow takes its tickets out, clears the connection and the tenant default', async () => {
    const flow = await createFlow('Apagável', { flow: menu() });
    await call('PUT', `/whatsapp/${webchatId}`, { chatFlowId: flow.id });
    await call('PUT', '/settings/botTicketActive', { value: String(flow.id) });
    const placed = await inbound();
    const marked = await inbound();
    await call('PUT', `/ticketsChatBot/${placed}`, { chatFlowId: flow.id });
    await call('PUT', `/ticketsChatBot/${marked}`, { chatFlowId: flow.id });
    await withTenant(t.db, fx.tenantId, (tx) =>
      tx
        .insert(ticketFlowStates)
        .values({
          tenantId: fx.tenantId,
          ticketId: placed,
          chatFlowId: flow.id,
          stepId: 'menu',
          lastInteractionAt: new Date(),
        })
        // The engine may have put it there already (the connection names the flow).
        .onConflictDoUpdate({
          target: [ticketFlowStates.tenantId, ticketFlowStates.ticketId],
          set: { chatFlowId: flow.id, stepId: 'menu' },
        }),
    );
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const left = (ticketId: number) =>
      nextEvent<TTicketListEvent>(
        admin,
        events.ticketList(fx.tenantId),
        (e) =>
          e.type === 'ticket:update' &&
          (e.payload as { id: number }).id === ticketId &&
          (e.payload as { chatFlowId: number | null }).chatFlowId === null,
      );
    const heard = Promise.all([left(placed), left(marked)]);

    expect(await call('DELETE', `/chat-flow/${flow.id}`)).toEqual({ ok: true });
    await heard;

    for (const ticketId of [placed, marked]) {
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(row).toMatchObject({ chatFlowId: null, stepChatFlow: null, status: 'pending' });
      const logs = await t.db
        .select()
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, ticketId), eq(ticketLogs.type, 'chatBot')));
      expect(logs.at(-1)?.data).toMatchObject({ chatFlowId: null, from: flow.id, reason: 'chatFlowDeleted' });
    }
    expect(await t.db.select().from(ticketFlowStates).where(eq(ticketFlowStates.chatFlowId, flow.id))).toEqual([]);
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, webchatId));
    expect(connection?.chatFlowId).toBeNull();
    expect((await call('GET', '/settings/botTicketActive')).value).toBe('');
  });
});
