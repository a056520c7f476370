// Adding a tag audience to a campaign (POST /campaigns/contacts/:id {tagIds}) at scale: wall time and CPU
// time, the server's (this process: the server runs in-process) and PostgreSQL's backends' (on PostgreSQL).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/campaigns-audience.ts
//   node --import tsx bench/campaigns-audience.ts --contacts 10000         # PGlite
//
// Options: --contacts (the tag's contacts, 100,000), --runs (campaigns the audience is added to, one after
// the other, 3). Prints a table on stderr and the JSON report on stdout.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startTestApp } from '../apps/server/test/harness.js';
import { benchCampaignChannel, benchCampaignInput, seedAudience } from './campaigns-seed.js';
import { createCpuMeter, processCpuMs } from './cpu-meter.js';
import { machine, printTable, runMain } from './lib.js';

const { values: args } = parseArgs({
  options: { contacts: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const contacts = Number(args.contacts);
const runs = Number(args.runs);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** CPU of this process (the server) and, on PostgreSQL, of the database's backends while `work` runs. */
const meterFor = async (databaseUrl: string | undefined) => {
  if (databaseUrl) return createCpuMeter(process.pid, databaseUrl);
  return {
    measure: async <T>(work: () => Promise<T>) => {
      const before = processCpuMs(process.pid);
      const result = await work();
      return { result, cpu: { server: processCpuMs(process.pid) - before, database: Number.NaN, client: 0 } };
    },
    close: async () => undefined,
  };
};

runMain(async () => {
  const t = await startTestApp({}, { channels: [benchCampaignChannel(() => undefined)] });
  try {
    const fx = await t.createTenantFixture('Público bench');
    const audience = await seedAudience(t.db, fx.tenantId, contacts);
    process.stderr.write(`  seeded ${contacts} contacts in ${Math.round(audience.seedMs / 1000)} s\n`);
    const meter = await meterFor(t.databaseUrl);
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const created = await t.request('POST', '/campaigns', {
        token: fx.tokens.admin,
        body: benchCampaignInput(audience.connectionId),
      });
      const loadBefore = load();
      const started = performance.now();
      const { result, cpu } = await meter.measure(() =>
        t.request('POST', `/campaigns/contacts/${created.body.id}`, {
          token: fx.tokens.admin,
          body: { tagIds: [audience.tagId] },
        }),
      );
      const ms = Math.round(performance.now() - started);
      if (result.status !== 200) throw new Error(`${result.status} ${JSON.stringify(result.body)}`);
      results.push({
        run: run + 1,
        ms,
        added: result.body.added as number,
        serverCpuMs: Math.round(cpu.server),
        databaseCpuMs: Math.round(cpu.database),
        load: { before: loadBefore, after: load() },
      });
    }
    await meter.close();
    printTable([
      ['run', 'added', 'wall ms', 'server CPU ms', 'database CPU ms', 'load before / after'],
      ...results.map((r) => [
        String(r.run),
        String(r.added),
        String(r.ms),
        String(r.serverCpuMs),
        Number.isNaN(r.databaseCpuMs) ? '-' : String(r.databaseCpuMs),
        `${r.load.before} / ${r.load.after}`,
      ]),
    ]);
    process.stdout.write(
      `${JSON.stringify({ machine: machine(), backend: t.databaseUrl ? 'postgres' : 'pglite', contacts, results }, null, 2)}\n`,
    );
  } finally {
    await t.close();
  }
});
