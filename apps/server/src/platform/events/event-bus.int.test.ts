import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { tags } from '../db/schema.js';
import { getTenantScope, withTenant } from '../db/tenant-tx.js';
import type { TDomainEventOf, TPublishedEvent } from './domain-events.js';

let sequence = 0;
const uniqueName = (label: string) => `${label}-${++sequence}`;

type TConnectionEvent = TPublishedEvent<TDomainEventOf<'connection.status'>>;

/** What a listener heard, and a promise for the moment it has heard `count` events. */
const recorder = (count = 1) => {
  const heard: TConnectionEvent[] = [];
  let done: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    heard,
    enough,
    record: (event: TConnectionEvent) => {
      heard.push(event);
      if (heard.length === count) done();
    },
  };
};

const statusEvent = (tenantId: number, lastError: string | null = null) => ({
  type: 'connection.status' as const,
  tenantId,
  connectionId: 7,
  status: 'DISCONNECTED' as const,
  lastError,
});

describe('event bus', () => {
  let t: TestApp;
  let tenantId: number;
  let otherTenantId: number;
  let tokens: { admin: string; agent: string };
  let otherAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    const fixture = await t.createTenantFixture('Eventos');
    const other = await t.createTenantFixture('Outros');
    ({ tenantId, tokens } = fixture);
    otherTenantId = other.tenantId;
    otherAdmin = other.tokens.admin;
  }, 120_000);
  afterAll(() => t.close());

  it('announces nothing for a rolled-back transaction and a committed event once to each listener', async () => {
    const { events } = t.prosa.services;
    const realtime = recorder();
    const cache = recorder();
    const automation = recorder();
    events.listen({
      name: uniqueName('realtime'),
      events: ['connection.status'],
      scope: 'instance',
      handle: async (e) => realtime.record(e),
    });
    events.listen({
      name: uniqueName('cache'),
      events: ['connection.status'],
      scope: 'instance',
      handle: async (e) => cache.record(e),
    });
    events.listen({
      name: uniqueName('automation'),
      events: ['connection.status'],
      scope: 'once',
      handle: async (e) => automation.record(e),
    });

    await expect(
      withTenant(t.db, tenantId, async (tx) => {
        await events.publish(tx, statusEvent(tenantId, 'rolled back'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const published = await withTenant(t.db, tenantId, (tx) => events.publish(tx, statusEvent(tenantId, 'committed')));

    await Promise.all([realtime.enough, cache.enough, automation.enough]);
    await events.idle();
    for (const { heard } of [realtime, cache, automation]) {
      expect(heard.map((e) => [e.id, e.lastError])).toEqual([[published.id, 'committed']]);
    }
  });

  it('keeps delivering to the others while one listener fails, and retries the failing one', async () => {
    const { events } = t.prosa.services;
    const steady = recorder();
    const durable = recorder();
    const flakyTries: string[] = [];
    const flaky = recorder();
    let durableTries = 0;
    events.listen({
      name: uniqueName('flaky'),
      events: ['connection.status'],
      scope: 'instance',
      handle: async (e) => {
        flakyTries.push(e.id);
        if (flakyTries.length < 3) throw new Error('socket layer down');
        flaky.record(e);
      },
    });
    events.listen({
      name: uniqueName('steady'),
      events: ['connection.status'],
      scope: 'instance',
      handle: async (e) => steady.record(e),
    });
    events.listen({
      name: uniqueName('durable-flaky'),
      events: ['connection.status'],
      scope: 'once',
      handle: async (e) => {
        durableTries += 1;
        if (durableTries < 2) throw new Error('webhook target down');
        durable.record(e);
      },
    });
    const published = await withTenant(t.db, tenantId, (tx) => events.publish(tx, statusEvent(tenantId)));

    await Promise.all([steady.enough, flaky.enough, durable.enough]);
    expect(steady.heard.map((e) => e.id)).toEqual([published.id]);
    expect(flakyTries).toEqual([published.id, published.id, published.id]);
    expect(durable.heard.map((e) => e.id)).toEqual([published.id]);
    expect(durableTries).toBe(2);
  });

  it('lists a durable listener that keeps failing among the failed jobs, with its reason, to that tenant only', async () => {
    const { events, jobs } = t.prosa.services;
    const name = uniqueName('doomed');
    const gaveUp = new Promise<void>((resolve) => {
      const stop = jobs.onSettled((outcome) => {
        if (outcome.job === `event.${name}` && outcome.state === 'failed') {
          stop();
          resolve();
        }
      });
    });
    events.listen({
      name,
      events: ['connection.status'],
      scope: 'once',
      attempts: 1,
      handle: async () => {
        throw new Error('o destino respondeu 500');
      },
    });
    await withTenant(t.db, tenantId, (tx) => events.publish(tx, statusEvent(tenantId)));
    await gaveUp;

    const listed = await t.request('GET', '/jobs/failed', { token: tokens.admin });
    expect(listed.status).toBe(200);
    expect(listed.body.filter((job: { name: string }) => job.name === `event.${name}`)).toEqual([
      expect.objectContaining({ reason: 'o destino respondeu 500', attempts: 1 }),
    ]);
    const elsewhere = await t.request('GET', '/jobs/failed', { token: otherAdmin });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual([]);
    expect((await t.request('GET', '/jobs/failed')).status).toBe(401);
    expect((await t.request('GET', '/jobs/failed', { token: tokens.agent })).status).toBe(403);
    const bad = await t.request('GET', '/jobs/failed?limit=muitos', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });

  it('asks a listener with concernsAll once per transaction, and writes jobs only for the events it names', async () => {
    const { events } = t.prosa.services;
    const asked: string[][] = [];
    const automation = recorder(2);
    events.listen({
      name: uniqueName('batched'),
      events: ['connection.status'],
      scope: 'once',
      concernsAll: async (_tx, batch) => {
        asked.push(batch.map((e) => e.lastError ?? ''));
        return new Set(batch.filter((e) => e.lastError?.startsWith('yes')).map((e) => e.id));
      },
      handle: async (e) => automation.record(e),
    });

    await expect(
      withTenant(t.db, tenantId, async (tx) => {
        await events.publish(tx, statusEvent(tenantId, 'yes, but rolled back'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await withTenant(t.db, tenantId, async (tx) => {
      for (const label of ['yes 1', 'no 2', 'yes 3']) await events.publish(tx, statusEvent(tenantId, label));
    });

    await automation.enough;
    // The rolled-back transaction never reached its commit: asked about nothing, no job.
    expect(asked).toEqual([['yes 1', 'no 2', 'yes 3']]);
    expect(automation.heard.map((e) => e.lastError).sort()).toEqual(['yes 1', 'yes 3']);
  });

  it("writes a transaction's durable jobs in one insert before it commits, and none when it rolls back", async () => {
    const { events, jobs } = t.prosa.services;
    const flagged = recorder(2);
    const all = recorder(3);
    const names = [uniqueName('flagged'), uniqueName('every')];
    events.listen({
      name: names[0] as string,
      events: ['connection.status'],
      scope: 'once',
      concerns: async (_tx, e) => e.lastError?.startsWith('yes') === true,
      handle: async (e) => flagged.record(e),
    });
    events.listen({
      name: names[1] as string,
      events: ['connection.status'],
      scope: 'once',
      handle: async (e) => all.record(e),
    });
    // Passed through, only counted: how many inserts the jobs took.
    const inserts = vi.spyOn(jobs, 'enqueueMany');
    try {
      await expect(
        withTenant(t.db, tenantId, async (tx) => {
          await events.publish(tx, statusEvent(tenantId, 'yes, but rolled back'));
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(inserts).not.toHaveBeenCalled();
      await withTenant(t.db, tenantId, async (tx) => {
        for (const label of ['yes 1', 'no 2', 'yes 3']) await events.publish(tx, statusEvent(tenantId, label));
      });
      // One insert for the transaction: these two listeners' five jobs, with those of the file's other listeners.
      expect(inserts).toHaveBeenCalledTimes(1);
      const written = inserts.mock.calls[0]?.[2] ?? [];
      expect(written.filter((job) => names.some((name) => job.definition.name === `event.${name}`))).toHaveLength(5);
    } finally {
      inserts.mockRestore();
    }
    await Promise.all([flagged.enough, all.enough]);
    expect(flagged.heard.map((e) => e.lastError).sort()).toEqual(['yes 1', 'yes 3']);
    expect(all.heard.map((e) => e.lastError).sort()).toEqual(['no 2', 'yes 1', 'yes 3']);
  });

  it('lets a durable listener handle its events before the commit, undone on failure and then run by a job', async () => {
    const { events } = t.prosa.services;
    const name = uniqueName('before-commit');
    const viaJob = recorder();
    const hooked: string[] = [];
    let failing = false;
    events.listen({
      name,
      events: ['connection.status'],
      scope: 'once',
      concernsAll: async (_tx, batch) => new Set(batch.filter((e) => e.lastError?.startsWith(name)).map((e) => e.id)),
      handleBeforeCommit: async (tx, batch) => {
        for (const e of batch) await tx.insert(tags).values({ tenantId, tag: e.lastError ?? '' });
        getTenantScope(tx).onCommit(() => hooked.push(...batch.map((e) => e.lastError ?? '')));
        if (failing) throw new Error('engine down');
      },
      handle: async (e) => viaJob.record(e),
    });
    const change = (label: string, fail = false) =>
      withTenant(t.db, tenantId, async (tx) => {
        await tx.insert(tags).values({ tenantId, tag: `change ${label}` });
        for (const event of [`${name} ${label}`, `other ${label}`])
          await events.publish(tx, statusEvent(tenantId, event));
        if (fail) throw new Error('the write failed');
      });
    const tagNames = async () => (await t.db.select({ tag: tags.tag }).from(tags)).map((row) => row.tag);
    const jobsWritten = async () => {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where data->>'job' = ${`event.${name}`}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n;
    };

    // Handled there: its write commits with the change, its commit hook runs after it, and no job is written.
    await change('1');
    expect(hooked).toEqual([`${name} 1`]);
    expect(await tagNames()).toEqual(expect.arrayContaining(['change 1', `${name} 1`]));
    expect(await jobsWritten()).toBe(0);
    // A change rolled back takes it along: no write, no hook.
    await expect(change('2', true)).rejects.toThrow('the write failed');
    // Failing, it is undone (its write and its hook), the change still commits, and a job runs the event.
    failing = true;
    await change('3');
    await viaJob.enough;
    expect(viaJob.heard.map((e) => e.lastError)).toEqual([`${name} 3`]);
    expect(hooked).toEqual([`${name} 1`]);
    const names = await tagNames();
    expect(names).toContain('change 3');
    expect(names).not.toContain(`${name} 3`);
    expect(names.filter((tag) => tag.endsWith(' 2'))).toEqual([]);
    expect(await jobsWritten()).toBe(1);
  });

  it('refuses a publish outside a tenant transaction or for another tenant', async () => {
    const { events } = t.prosa.services;
    await expect(events.publish(t.db, statusEvent(tenantId))).rejects.toThrow('withTenant');
    await expect(withTenant(t.db, tenantId, (tx) => events.publish(tx, statusEvent(otherTenantId)))).rejects.toThrow(
      'another',
    );
  });
});
