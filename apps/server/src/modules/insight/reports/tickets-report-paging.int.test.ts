import type { TReportQuery } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { contacts, insightTicketFacts } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { findReportRows, resolveSort } from './report-query.js';
import { reportRegistry } from './report-registry.js';
import { scopeOf } from './run-report.js';

// atendimentos-por-parametros finds a page on the facts' own columns first and joins only its rows
// (report-query.ts, `pageFirst`). Every page, deep ones included, must be the rows the whole ordered result
// has there: the statement without paging (the one every page ran before) is the reference.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TRow = Record<string, string | number | null>;

const TICKETS = 'atendimentos-por-parametros';
const report = reportRegistry[TICKETS];
const COUNT = 90;
const PAGE = 7;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

/** Tickets whose figures tie often (three per creation instant, few distinct counts) and are often empty. */
const seedFacts = async (tenantId: number, contactId: number, firstId: number) => {
  const statuses = ['closed', 'open', 'pending'] as const;
  await t.db.insert(insightTicketFacts).values(
    Array.from({ length: COUNT }, (_, i) => {
      const status = statuses[i % 3] as string;
      const createdAt = new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 3), 12));
      return {
        tenantId,
        ticketId: firstId + ((i * 37) % COUNT),
        status,
        channel: ['whatsapp', 'Telegram', 'webchat'][i % 4 === 0 ? 1 : i % 2 === 0 ? 0 : 2] as string,
        contactId,
        createdAt,
        closedAt: status === 'closed' && i % 5 !== 0 ? new Date(createdAt.getTime() + (i % 4) * 3_600_000) : null,
        waitSeconds: i % 6 === 0 ? null : (i % 4) * 30,
        messagesIn: i % 5,
        messagesOut: i % 3,
        rating: i % 4 === 0 ? null : i % 6,
        transfers: i % 2,
      };
    }),
  );
};

const pageOf = async (query: string, pageNumber: number): Promise<{ rows: TRow[]; count: number }> => {
  const res = await t.request('GET', `/reports/${TICKETS}?${query}&pageSize=${PAGE}&pageNumber=${pageNumber}`, {
    token: fx.tokens.admin,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Every page in turn, concatenated. */
const allPages = async (query: string): Promise<TRow[]> => {
  const rows: TRow[] = [];
  for (let page = 1; ; page++) {
    const next = await pageOf(query, page);
    rows.push(...next.rows);
    if (rows.length >= next.count || next.rows.length === 0) return rows;
  }
};

/** The rows in order from one statement without paging: what the pages were cut from before. */
const unpaged = (query: TReportQuery): Promise<TRow[]> =>
  withTenant(t.db, fx.tenantId, async (tx) => {
    const { pageNumber: _n, pageSize: _s, sortBy, sortDir, chartBy: _c, ...filters } = query;
    const scope = await scopeOf(tx, fx.tenantId, filters, new Date());
    return (await findReportRows(tx, report, scope, resolveSort(report, sortBy, sortDir))) as TRow[];
  });

const queryOf = (query: string): TReportQuery => {
  const params = Object.fromEntries(new URLSearchParams(query));
  return {
    pageNumber: 1,
    pageSize: 50,
    ...params,
    ...(params.statuses ? { statuses: params.statuses.split(',') } : {}),
  } as TReportQuery;
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Paginação', { timezone: 'America/Sao_Paulo' });
  other = await t.createTenantFixture('Vizinha paginação', { timezone: 'America/Sao_Paulo' });
  const [contact] = await t.db
    .insert(contacts)
    .values({ tenantId: fx.tenantId, name: 'Cliente', number: '5511988887777' })
    .returning();
  await seedFacts(fx.tenantId, (contact as { id: number }).id, 500_000);
  // A neighbour's tickets on the same days, interleaved by id: never on a page.
  await seedFacts(other.tenantId, (contact as { id: number }).id, 500_001);
});
afterAll(() => t?.close());

describe('atendimentos-por-parametros: pages found on the facts first', () => {
  it.each([
    ['the default order (newest first)', ''],
    ['creation, oldest first', 'sortBy=createdAt&sortDir=asc'],
    ['closing, empty ones last', 'sortBy=closedAt&sortDir=asc'],
    ['closing, newest first, empty ones last', 'sortBy=closedAt&sortDir=desc'],
    ['rating', 'sortBy=rating&sortDir=desc'],
    ['wait', 'sortBy=waitSeconds&sortDir=asc'],
    ['messages received', 'sortBy=messagesIn&sortDir=asc'],
    ['channel, without regard to case', 'sortBy=channel&sortDir=asc'],
    ['status', 'sortBy=status&sortDir=desc'],
    ['a name, joined (pages as before)', 'sortBy=contact&sortDir=asc'],
    ['a period and a status', 'from=2026-10-05&to=2026-10-20&statuses=closed,pending'],
  ])('every page by %s is the slice of the whole ordered result', async (_label, query) => {
    const expected = await unpaged(queryOf(query));
    expect(expected.length).toBeGreaterThan(PAGE * 3);
    const pages = await allPages(query);
    expect(pages.map((r) => r.ticketId)).toEqual(expected.map((r) => r.ticketId));
    expect(pages).toEqual(expected);
  });

  it('a deep page is the same rows, in the same order, as newest first then by ticket', async () => {
    const deep = await pageOf('', 11);
    const facts = Array.from({ length: COUNT }, (_, i) => ({
      ticketId: 500_000 + ((i * 37) % COUNT),
      createdAt: Date.UTC(2026, 9, 1 + Math.floor(i / 3), 12),
    })).sort((x, y) => y.createdAt - x.createdAt || x.ticketId - y.ticketId);
    expect(deep.count).toBe(COUNT);
    expect(deep.rows.map((r) => r.ticketId)).toEqual(facts.slice(10 * PAGE, 11 * PAGE).map((f) => f.ticketId));
    expect(deep.rows.every((r) => r.contact === 'Cliente')).toBe(true);
  });
});
