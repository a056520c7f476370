import { Readable } from 'node:stream';
import type { TReportColumn, TReportRow } from '@prosa/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { reportExports } from '../../../platform/db/schema.js';
import { jobIdForKey } from '../../../platform/jobs/job-keys.js';
import { exportCell } from './export-cells.js';
import { REPORT_EXPORTS_CLEANUP_JOB } from './report-exports-cleanup.job.js';
import { seedReportTenant } from './report-seed.fixture.js';
import { writeReportExport } from './write-report-export.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let b: TFixture;
let seed: Awaited<ReturnType<typeof seedReportTenant>>;
const ZONE = 'America/Sao_Paulo';
const eqId = (id: number) => eq(reportExports.id, id);

beforeAll(async () => {
  t = await startTestApp({ jobs: { pollMs: 50, retryBaseMs: 50 } });
  a = await t.createTenantFixture('Exportacoes');
  b = await t.createTenantFixture('Vizinha');
  seed = await seedReportTenant(t, a);
});
afterAll(() => t.close());

/** Asks for an export (with the table's sort, if given) and waits until its job is done; answers it and its file. */
const exportReport = async (
  name: string,
  format: string,
  filters: object = {},
  token = a.tokens.supervisor,
  sort: { sortBy?: string; sortDir?: string } = {},
) => {
  const created = await t.request('POST', `/reports/${name}/exports`, { token, body: { format, filters, ...sort } });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  expect(created.body).toMatchObject({ report: name, format, status: 'pending', progress: 0, downloadUrl: null });
  const done = await eventually(async () => {
    const res = await t.request('GET', `/report-exports/${created.body.id}`, { token });
    expect(res.body.status).toBe('done');
    return res.body;
  });
  const file = await t.prosa.app.inject({
    method: 'GET',
    url: done.downloadUrl,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(file.statusCode).toBe(200);
  return { done, file };
};

/** The report's rows (all on one page) as the files write their cells. */
const reportCells = async (name: string, query: string) => {
  const page = await t.request('GET', `/reports/${name}?pageSize=200&${query}`, { token: a.tokens.supervisor });
  const columns = page.body.columns as TReportColumn[];
  return {
    header: columns.map((c) => c.label),
    rows: (page.body.rows as TReportRow[]).map((row) => columns.map((c) => String(exportCell(c, row, ZONE)))),
  };
};

describe('report exports', () => {
  it('writes a CSV (UTF-8 with BOM) whose rows are the report rows, downloaded with its name', async () => {
    const filters = { tagIds: [seed.vip.id, seed.lead.id] };
    const { done, file } = await exportReport('lista-contatos', 'csv', filters);
    expect(done).toMatchObject({ progress: 100, rowCount: 3, truncated: false, error: null });
    expect(done.fileName).toMatch(/^lista-contatos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    expect(file.headers['content-type']).toContain('text/csv');
    const bytes = file.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(bytes.toString('utf8').slice(1)) as string[][];
    const expected = await reportCells('lista-contatos', `tagIds=${seed.vip.id},${seed.lead.id}`);
    expect(records[0]).toEqual(expected.header);
    expect(records.slice(1)).toEqual(expected.rows);
    expect(records[1]).toContain('01/11/2026 23:30');
  });

  it("writes the rows in the table's order: the sort asked for, with the same filters", async () => {
    const filters = { tagIds: [seed.vip.id, seed.lead.id] };
    const sort = { sortBy: 'createdAt', sortDir: 'desc' };
    const { done, file } = await exportReport('lista-contatos', 'csv', filters, a.tokens.supervisor, sort);
    expect(done.rowCount).toBe(3);
    const records = parse(file.rawPayload.toString('utf8').slice(1)) as string[][];
    const expected = await reportCells(
      'lista-contatos',
      `tagIds=${seed.vip.id},${seed.lead.id}&sortBy=createdAt&sortDir=desc`,
    );
    expect(records.slice(1)).toEqual(expected.rows);
    // Newest first, not the report's default (by name): Davi (Nov 5th), bruno (3rd), Ana (1st).
    expect(records.slice(1).map((r) => r[0])).toEqual(['Davi', 'bruno', 'Ana']);
  });

  it('writes an XLSX that reads back with the same cells', async () => {
    const { done, file } = await exportReport('atendimentos-por-parametros', 'xlsx');
    expect(done.rowCount).toBe(3);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const width = sheet.getRow(1).cellCount;
    const read = (n: number) =>
      Array.from({ length: width }, (_, i) => String(sheet.getRow(n).getCell(i + 1).value ?? ''));
    const expected = await reportCells('atendimentos-por-parametros', '');
    expect(sheet.rowCount).toBe(4);
    expect(read(1)).toEqual(expected.header);
    expect([read(2), read(3), read(4)]).toEqual(expected.rows);
    expect(read(4)).toContain('Fechado');
    expect(read(4)).toContain('1:00:00');
  });

  it('writes a PDF', async () => {
    const { done, file } = await exportReport('estatisticas-atendimentos-usuarios', 'pdf', {
      from: '2026-11-01',
      to: '2026-11-04',
    });
    expect(done.rowCount).toBe(4);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps exports to their maker: another user's or tenant's export answers 404", async () => {
    const { done } = await exportReport('contatos-por-estado', 'csv');
    for (const token of [a.tokens.admin, b.tokens.admin]) {
      expect((await t.request('GET', `/report-exports/${done.id}`, { token })).status).toBe(404);
      expect((await t.request('GET', `/report-exports/${done.id}/file`, { token })).status).toBe(404);
    }
    const mine = await t.request('GET', '/report-exports', { token: a.tokens.supervisor });
    expect(mine.body.map((e: { id: number }) => e.id)).toContain(done.id);
    expect((await t.request('GET', '/report-exports', { token: a.tokens.admin })).body).toEqual([]);
  });

  it('refuses agents, no token and bad input naming the field', async () => {
    const body = { format: 'csv' };
    expect((await t.request('POST', '/reports/lista-contatos/exports', { body })).status).toBe(401);
    const agent = await t.request('POST', '/reports/lista-contatos/exports', { token: a.tokens.agent, body });
    expect(agent.status).toBe(403);
    expect((await t.request('GET', '/report-exports', { token: a.tokens.agent })).status).toBe(403);
    const token = a.tokens.supervisor;
    const cases: [object, string][] = [
      [{ format: 'docx' }, 'format'],
      [{ format: 'csv', filters: { from: '2026-13-01' } }, 'filters.from'],
      [{ format: 'csv', filters: { from: '2026-11-05', to: '2026-11-01' } }, 'to'],
      // The table's sort: a column of the report that sorts, in a known direction.
      [{ format: 'csv', sortBy: 'tags' }, 'sortBy'],
      [{ format: 'csv', sortBy: 'nao-existe', sortDir: 'asc' }, 'sortBy'],
      [{ format: 'csv', sortBy: 'name', sortDir: 'up' }, 'sortDir'],
    ];
    for (const [input, field] of cases) {
      const res = await t.request('POST', '/reports/lista-contatos/exports', { token, body: input });
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
    }
    expect((await t.request('POST', '/reports/nao-existe/exports', { token, body })).status).toBe(404);
  });

  it('walks the rows in batches and stops at the row cap, saying so in the file', async () => {
    const [row] = await t.db
      .insert(reportExports)
      .values({
        tenantId: a.tenantId,
        userId: a.supervisor.id,
        report: 'lista-contatos',
        format: 'csv',
        params: { filters: {} },
      })
      .returning();
    if (!row) throw new Error('no export');
    const { db, storage, log } = t.prosa.services;
    await writeReportExport({ db, storage, log, batchSize: 2, maxRows: 3 }, a.tenantId, row.id);
    const res = await t.request('GET', `/report-exports/${row.id}`, { token: a.tokens.supervisor });
    expect(res.body).toMatchObject({ status: 'done', rowCount: 3, truncated: true, progress: 100 });
    const file = await t.request('GET', `/report-exports/${row.id}/file`, { token: a.tokens.supervisor });
    const records = parse(String(file.body).replace(/^\uFEFF/, ''), { relaxColumnCount: true }) as string[][];
    expect(records.slice(1, 4).map((r) => r[0])).toEqual(['Ana', 'bruno', 'Carla']);
    expect(records[4]?.[0]).toBe('Exportação limitada a 3 linhas de 4: filtre o período para exportar o resto.');
  });

  it("keeps a user's 20 latest exports: older ones and their files go when a new one is made", async () => {
    const { storage } = t.prosa.services;
    const user = a.admin;
    const token = a.tokens.admin;
    const old = [];
    for (let i = 0; i < 20; i += 1) {
      const { key } = await storage.put(a.tenantId, 'csv', Readable.from(['a,b\n']));
      old.push({
        tenantId: a.tenantId,
        userId: user.id,
        report: 'lista-contatos',
        format: 'csv' as const,
        status: 'done' as const,
        storageKey: key,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const inserted = await t.db.insert(reportExports).values(old).returning();
    const created = await t.request('POST', '/reports/lista-contatos/exports', { token, body: { format: 'csv' } });
    expect(created.status).toBe(202);
    const listed = (await t.request('GET', '/report-exports', { token })).body.map((e: { id: number }) => e.id);
    expect(listed).toHaveLength(20);
    expect(listed[0]).toBe(created.body.id);
    const [oldest] = inserted;
    if (!oldest?.storageKey) throw new Error('no export');
    expect(listed).not.toContain(oldest.id);
    expect(await storage.stat(oldest.storageKey)).toBeNull();
    expect(await storage.stat(inserted[1]?.storageKey ?? '')).not.toBeNull();
  });

  it('deletes exports older than a week every night, rows and files, in every tenant; a running one stays', async () => {
    const { storage, jobs } = t.prosa.services;
    // 03:00 in São Paulo, years after the real clock's own runs.
    const slot = new Date('2031-03-10T06:00:00Z');
    const day = 86_400_000;
    const make = async (fx: TFixture, ageDays: number, status: 'done' | 'failed' | 'running' = 'done') => {
      const { key } = await storage.put(fx.tenantId, 'csv', Readable.from(['a,b\n']));
      const [row] = await t.db
        .insert(reportExports)
        .values({
          tenantId: fx.tenantId,
          userId: fx.admin.id,
          report: 'lista-contatos',
          format: 'csv',
          status,
          storageKey: key,
          createdAt: new Date(slot.getTime() - ageDays * day),
        })
        .returning();
      if (!row) throw new Error('no export');
      return { id: row.id, key };
    };
    const stale = await make(a, 8);
    const staleFailed = await make(a, 30, 'failed');
    const running = await make(a, 9, 'running');
    const recent = await make(a, 6);
    const otherTenant = await make(b, 8);
    const runs = [a, b].map((fx) =>
      jobs.whenSettled(jobIdForKey(REPORT_EXPORTS_CLEANUP_JOB, `cron:${fx.tenantId}:${slot.toISOString()}`)),
    );
    await jobs.checkCron(slot);
    for (const run of runs) expect((await run).state).toBe('completed');
    const left = async (id: number) =>
      (await t.db.select({ id: reportExports.id }).from(reportExports).where(eqId(id))).length;
    for (const gone of [stale, staleFailed, otherTenant]) {
      expect(await left(gone.id)).toBe(0);
      expect(await storage.stat(gone.key)).toBeNull();
    }
    for (const kept of [running, recent]) {
      expect(await left(kept.id)).toBe(1);
      expect(await storage.stat(kept.key)).not.toBeNull();
    }
  });

  it('marks an export that cannot be written as failed, with the reason', async () => {
    const [row] = await t.db
      .insert(reportExports)
      .values({
        tenantId: a.tenantId,
        userId: a.supervisor.id,
        report: 'nao-existe',
        format: 'pdf',
        params: { filters: {} },
      })
      .returning();
    if (!row) throw new Error('no export');
    const { db, storage, log } = t.prosa.services;
    await writeReportExport({ db, storage, log }, a.tenantId, row.id);
    const [after] = await t.db.select().from(reportExports).where(eqId(row.id));
    expect(after).toMatchObject({ status: 'failed', error: 'relatório desconhecido: nao-existe', storageKey: null });
    expect((await t.request('GET', `/report-exports/${row.id}/file`, { token: a.tokens.supervisor })).status).toBe(404);
  });
});
