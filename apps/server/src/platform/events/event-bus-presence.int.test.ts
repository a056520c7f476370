import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { withTenant } from '../db/tenant-tx.js';
import type { TDomainEventOf, TPublishedEvent } from './domain-events.js';
import { EVENTS_CHANNEL } from './postgres-peers.js';

type TEvent = TPublishedEvent<TDomainEventOf<'contact.updated'>>;

const publish = (app: TestApp, tenantId: number, contactId: number) =>
  withTenant(app.db, tenantId, (tx) =>
    app.prosa.services.events.publish(tx, { type: 'contact.updated', tenantId, contactId, fields: ['name'] }),
  );

/** Every event id an instance's `instance` listeners hear from now on. */
const hearing = (app: TestApp) => {
  const heard = new Set<string>();
  app.prosa.services.events.listen({
    name: 'presence-test',
    events: ['contact.updated'],
    scope: 'instance',
    handle: async (event: TEvent) => {
      heard.add(event.id);
    },
  });
  return heard;
};

/** PostgreSQL only: a bare LISTEN on the events channel, which sees every NOTIFY any instance sends. */
const spyOnNotify = async (app: TestApp) => {
  if (!app.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: app.databaseUrl });
  const sent: string[] = [];
  client.on('notification', (message) => {
    if (message.payload) sent.push((JSON.parse(message.payload) as { event: TEvent }).event.id);
  });
  await client.connect();
  await client.query(`listen ${EVENTS_CHANNEL}`);
  return { sent, close: () => client.end() };
};

describe('event bus: instances that come and go', () => {
  it('sends nothing while alone; an instance that starts hears the next event; one that stops is forgotten', async () => {
    const first = await startTestApp(fastJobs);
    const spy = await spyOnNotify(first);
    try {
      const { tenantId } = await first.createTenantFixture('Presenca');
      expect(first.prosa.services.events.otherInstances()).toBe(0);
      await publish(first, tenantId, 1);

      const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
      const secondHeard = hearing(second);
      expect(first.prosa.services.events.otherInstances()).toBe(1);
      const next = await publish(first, tenantId, 2);
      await eventually(() => expect([...secondHeard]).toEqual([next.id]));
      await second.close();
      await eventually(() => expect(first.prosa.services.events.otherInstances()).toBe(0));
      await publish(first, tenantId, 3);

      const third = await startTestApp(fastJobs, { shareDatabaseWith: first });
      try {
        const thirdHeard = hearing(third);
        const last = await publish(first, tenantId, 4);
        await eventually(() => expect([...thirdHeard]).toEqual([last.id]));
        // One connection sends them in order: had the lone instance sent the first or third, they would be here.
        if (spy) await eventually(() => expect(spy.sent).toEqual([next.id, last.id]));
      } finally {
        await third.close();
      }
    } finally {
      await spy?.close();
      await first.close();
    }
  }, 180_000);

  it('an instance started while another publishes hears every event announced once it is up', async () => {
    const first = await startTestApp(fastJobs);
    try {
      const { tenantId } = await first.createTenantFixture('Chegada');
      let up = false;
      const afterUp: string[] = [];
      let before = 0;
      const publishing = (async () => {
        while (afterUp.length < 20) {
          const wasUp = up;
          const event = await publish(first, tenantId, 7);
          if (wasUp) afterUp.push(event.id);
          else before += 1;
          // A turn of the event loop between events: PGlite answers in microtasks, which would starve the start.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
      try {
        const heard = hearing(second);
        up = true;
        await publishing;
        expect(before).toBeGreaterThan(0);
        await eventually(() => expect(afterUp.filter((id) => !heard.has(id))).toEqual([]));
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }, 180_000);
});
