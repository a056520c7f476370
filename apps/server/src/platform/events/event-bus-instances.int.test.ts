import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { withTenant } from '../db/tenant-tx.js';
import type { TDomainEventOf, TPublishedEvent } from './domain-events.js';
import type { TEventListener } from './event-bus.js';

type TEvent = TPublishedEvent<TDomainEventOf<'contact.updated'>>;

/** A listener body that records what it heard and resolves once it has heard `count` events. */
const recorder = (count: number) => {
  const heard: TEvent[] = [];
  let done: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => {
    done = resolve;
  });
  const handle = async (event: TEvent) => {
    heard.push(event);
    if (heard.length === count) done();
  };
  return { heard, enough, handle };
};

const listener = (name: string, scope: 'instance' | 'once', handle: (e: TEvent) => Promise<void>) =>
  ({ name, events: ['contact.updated'], scope, handle }) satisfies TEventListener<'contact.updated'>;

describe('event bus across instances', () => {
  it('runs instance listeners on every instance and once listeners on one of them', async () => {
    const first = await startTestApp(fastJobs);
    const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
    try {
      const { tenantId } = await first.createTenantFixture('Instancias');
      const firstSockets = recorder(3);
      const secondSockets = recorder(3);
      const onceHeard: { instance: string; event: TEvent }[] = [];
      let allOnce: () => void = () => undefined;
      const onceDone = new Promise<void>((resolve) => {
        allOnce = resolve;
      });
      const onceOn = (instance: string) => async (event: TEvent) => {
        onceHeard.push({ instance, event });
        if (onceHeard.length === 3) allOnce();
      };
      first.prosa.services.events.listen(listener('sockets', 'instance', firstSockets.handle));
      second.prosa.services.events.listen(listener('sockets', 'instance', secondSockets.handle));
      first.prosa.services.events.listen(listener('webhooks', 'once', onceOn('first')));
      second.prosa.services.events.listen(listener('webhooks', 'once', onceOn('second')));

      const published: string[] = [];
      for (const [app, field] of [
        [first, 'name'],
        [second, 'email'],
        [first, 'number'],
      ] as const) {
        const event = await withTenant(app.db, tenantId, (tx) =>
          app.prosa.services.events.publish(tx, { type: 'contact.updated', tenantId, contactId: 9, fields: [field] }),
        );
        published.push(event.id);
      }

      await Promise.all([firstSockets.enough, secondSockets.enough, onceDone]);
      expect(firstSockets.heard.map((e) => e.id).sort()).toEqual([...published].sort());
      expect(secondSockets.heard.map((e) => e.id).sort()).toEqual([...published].sort());
      expect(onceHeard.map((h) => h.event.id).sort()).toEqual([...published].sort());
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);

  it('delivers a committed event to a durable listener after the publishing instance stopped', async () => {
    const owner = await startTestApp(fastJobs);
    try {
      await owner.prosa.services.jobs.stop();
      const { tenantId } = await owner.createTenantFixture('Reinicio');
      const publisher = await startTestApp(fastJobs, { shareDatabaseWith: owner });
      // The publisher knows the listener (its job is written with the event) but stops before running it.
      publisher.prosa.services.events.listen(listener('report', 'once', async () => undefined));
      await publisher.prosa.services.jobs.stop();
      const event = await withTenant(publisher.db, tenantId, (tx) =>
        publisher.prosa.services.events.publish(tx, {
          type: 'contact.updated',
          tenantId,
          contactId: 4,
          fields: ['tags'],
        }),
      );
      await publisher.close();

      const restarted = await startTestApp(fastJobs, { shareDatabaseWith: owner });
      try {
        const report = recorder(1);
        restarted.prosa.services.events.listen(listener('report', 'once', report.handle));
        await report.enough;
        expect(report.heard.map((e) => e.id)).toEqual([event.id]);
      } finally {
        await restarted.close();
      }
    } finally {
      await owner.close();
    }
  }, 180_000);
});
