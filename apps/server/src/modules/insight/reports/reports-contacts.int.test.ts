import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { contacts, users } from '../../../platform/db/schema.js';
import { stateOfNumber } from './ddd-states.js';
import { startReportsApp, type TReportsApp } from './report-seed.fixture.js';

let t: TestApp;
let a: TReportsApp['a'];
let b: TReportsApp['b'];
let seed: TReportsApp['seed'];

beforeAll(async () => {
  ({ t, a, b, seed } = await startReportsApp('Relatorios'));
});
afterAll(() => t.close());

const run = async (name: string, query = '', token = a.tokens.supervisor) =>
  t.request('GET', `/reports/${name}${query ? `?${query}` : ''}`, { token });
const names = (rows: { name: unknown }[]) => rows.map((r) => r.name);

describe('who may run reports', () => {
  it('lists the seven reports with their filters and columns to managers', async () => {
    const res = await t.request('GET', '/reports', { token: a.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual([
      'estatisticas-atendimentos-usuarios',
      'lista-contatos',
      'contatos-por-etiquetas',
      'contatos-por-estado',
      'contatos-por-kanban',
      'contatos-por-carteira',
      'atendimentos-por-parametros',
    ]);
    const states = res.body.find((r: { name: string }) => r.name === 'contatos-por-estado');
    expect(states.filters).toContain('states');
    expect(states.defaultSort).toEqual({ by: 'state', dir: 'asc' });
  });

  it('refuses no token (401) and agents (403)', async () => {
    expect((await t.request('GET', '/reports')).status).toBe(401);
    expect((await t.request('GET', '/reports/lista-contatos')).status).toBe(401);
    const agent = await run('lista-contatos', '', a.tokens.agent);
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.request('GET', '/reports', { token: a.tokens.agent })).status).toBe(403);
  });

  it('refuses a supervisor whose menu hides the reports (menuPermissions relatorios off)', async () => {
    const [blocked] = await t.db
      .insert(users)
      .values({
        tenantId: a.tenantId,
        name: 'Sem relatórios',
        email: `sem-relatorios@${a.tenantId}.test`,
        passwordHash: 'x',
        profile: 'supervisor',
        menuPermissions: { relatorios: false },
      })
      .returning();
    if (!blocked) throw new Error('no user');
    const res = await run('lista-contatos', '', await t.mintToken(blocked));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('answers 404 to an unknown report and 400 naming the field to bad input', async () => {
    expect((await run('nao-existe')).status).toBe(404);
    const cases: [string, string][] = [
      ['from=2026-02-30', 'from'],
      ['from=2026-11-05&to=2026-11-01', 'to'],
      ['states=XYZ', 'states.0'],
      ['sortBy=passwordHash', 'sortBy'],
      ['sortBy=tags', 'sortBy'],
      ['pageSize=500', 'pageSize'],
      ['sortDir=up', 'sortDir'],
    ];
    for (const [query, field] of cases) {
      const res = await run('lista-contatos', query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe('ERR_VALIDATION');
      expect(res.body.field, query).toBe(field);
    }
    expect((await run('contatos-por-estado', 'states=sp')).body.field).toBe('states.0');
  });
});

describe('lista-contatos', () => {
  it("lists the tenant's people (no groups, nothing of the neighbour) with their tags and wallet", async () => {
    const res = await run('lista-contatos');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.chart).toBeNull();
    expect(names(res.body.rows)).toEqual(['Ana', 'bruno', 'Carla', 'Davi']);
    const bruno = res.body.rows[1];
    expect(bruno).toMatchObject({
      id: seed.bruno.id,
      number: '5521934567890',
      email: 'bruno@example.com',
      tags: 'Lead, VIP',
      wallet: seed.agent2.name,
      createdAt: '2026-11-03T12:00:00.000Z',
    });
  });

  it('filters by search, tags, wallets and the period in the tenant time zone', async () => {
    expect(names((await run('lista-contatos', 'search=davi')).body.rows)).toEqual(['Davi']);
    expect(names((await run('lista-contatos', 'search=55219')).body.rows)).toEqual(['bruno']);
    expect(names((await run('lista-contatos', `tagIds=${seed.lead.id}`)).body.rows)).toEqual(['bruno', 'Davi']);
    expect(names((await run('lista-contatos', `walletUserIds=${a.agent.id}`)).body.rows)).toEqual(['Ana', 'Davi']);
    // Ana was created at 23:30 of Nov 1st in São Paulo (Nov 2nd in UTC).
    expect(names((await run('lista-contatos', 'from=2026-11-01&to=2026-11-01')).body.rows)).toEqual(['Ana']);
    expect(names((await run('lista-contatos', 'from=2026-11-02&to=2026-11-04')).body.rows)).toEqual(['bruno']);
    expect(names((await run('lista-contatos', 'search=%25')).body.rows)).toEqual([]);
  });

  it('sorts by any sortable column both ways and pages in a stable order', async () => {
    const byDate = await run('lista-contatos', 'sortBy=createdAt&sortDir=desc');
    expect(names(byDate.body.rows)).toEqual(['Davi', 'bruno', 'Ana', 'Carla']);
    const byEmail = await run('lista-contatos', 'sortBy=email&sortDir=asc');
    // Without an e-mail comes last either way.
    expect(names(byEmail.body.rows)).toEqual(['Ana', 'bruno', 'Davi', 'Carla']);
    const first = await run('lista-contatos', 'pageSize=3&pageNumber=1');
    const second = await run('lista-contatos', 'pageSize=3&pageNumber=2');
    expect(first.body).toMatchObject({ count: 4, hasMore: true });
    expect(second.body).toMatchObject({ count: 4, hasMore: false });
    expect([...names(first.body.rows), ...names(second.body.rows)]).toEqual(['Ana', 'bruno', 'Carla', 'Davi']);
  });
});

describe('contacts by tag, state, kanban lane and wallet', () => {
  it('contatos-por-etiquetas: a row per contact and tag, the chart counts contacts per tag', async () => {
    const res = await run('contatos-por-etiquetas');
    expect(res.body.rows.map((r: { tag: string; name: string }) => `${r.tag}:${r.name}`)).toEqual([
      'Lead:bruno',
      'Lead:Davi',
      'VIP:Ana',
      'VIP:bruno',
    ]);
    expect(res.body.chart).toEqual({
      kind: 'pie',
      points: [
        { label: 'Lead', value: 2 },
        { label: 'VIP', value: 2 },
      ],
    });
    const vip = await run('contatos-por-etiquetas', `tagIds=${seed.vip.id}`);
    expect(names(vip.body.rows)).toEqual(['Ana', 'bruno']);
  });

  it('contatos-por-estado: the state from the area code, ?? for foreign numbers, filter and chart', async () => {
    const res = await run('contatos-por-estado');
    expect(res.body.rows.map((r: { state: string; ddd: string | null }) => [r.state, r.ddd])).toEqual([
      ['??', null],
      ['DF', '61'],
      ['RJ', '21'],
      ['SP', '11'],
    ]);
    expect(res.body.chart.points).toHaveLength(4);
    expect(res.body.chart.points).toContainEqual({ label: 'SP', value: 1 });
    expect(names((await run('contatos-por-estado', 'states=SP,??')).body.rows)).toEqual(['Carla', 'Ana']);
    expect(names((await run('contatos-por-estado', 'states=SP&sortBy=name&sortDir=desc')).body.rows)).toEqual(['Ana']);
  });

  it('contatos-por-estado: the SQL reads every number as the DDD table does', async () => {
    const numbers = [
      '+5548999990000',
      '5520987654321',
      '55119876543210',
      '551198765',
      '5511abcdefghi',
      '5599988887777',
    ];
    await t.db
      .insert(contacts)
      .values(numbers.map((number, i) => ({ tenantId: b.tenantId, name: `Teste ${i}`, number })));
    const res = await run('contatos-por-estado', 'pageSize=50', b.tokens.admin);
    expect(res.body.count).toBe(4 + numbers.length);
    for (const row of res.body.rows) expect(row.state, row.number).toBe(stateOfNumber(row.number));
    expect(res.body.rows.filter((r: { state: string }) => r.state === 'SC')).toHaveLength(1);
  });

  it('contatos-por-kanban: lanes as Coluna N, none as Sem coluna, sorted by lane number', async () => {
    const res = await run('contatos-por-kanban');
    expect(res.body.rows.map((r: { kanban: string; name: string }) => `${r.kanban}:${r.name}`)).toEqual([
      'Coluna 1:Ana',
      'Coluna 1:Davi',
      'Coluna 2:bruno',
      'Sem coluna:Carla',
    ]);
    expect(res.body.chart.points).toEqual([
      { label: 'Coluna 1', value: 2 },
      { label: 'Coluna 2', value: 1 },
      { label: 'Sem coluna', value: 1 },
    ]);
    expect(names((await run('contatos-por-kanban', 'kanbanIds=2')).body.rows)).toEqual(['bruno']);
  });

  it('contatos-por-carteira: a row per wallet agent, contacts without one as Sem carteira', async () => {
    const res = await run('contatos-por-carteira', 'sortBy=walletUser&sortDir=asc');
    const pairs = res.body.rows.map((r: { walletUser: string; name: string }) => `${r.walletUser}:${r.name}`);
    expect(pairs).toEqual([
      `${a.agent.name}:Ana`,
      `${a.agent.name}:Davi`,
      `${seed.agent2.name}:bruno`,
      'Sem carteira:Carla',
    ]);
    expect(res.body.chart.points[0]).toEqual({ label: a.agent.name, value: 2 });
    const mine = await run('contatos-por-carteira', `walletUserIds=${seed.agent2.id}`);
    expect(names(mine.body.rows)).toEqual(['bruno']);
  });

  it("never shows another tenant's contacts, even when its ids are asked for", async () => {
    const other = await run('contatos-por-carteira', `walletUserIds=${b.agent.id}`);
    expect(other.body).toMatchObject({ count: 0, rows: [] });
    const all = await run('contatos-por-etiquetas', '', b.tokens.admin);
    expect(all.body.count).toBe(4);
    expect(all.body.rows.every((r: { id: number }) => r.id !== seed.ana.id)).toBe(true);
  });
});
