import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignChannel,
  campaignRow,
  contactRows,
  createCampaignConnection,
  insertCampaign,
  insertPhoneContacts,
  messagesPerContact,
  setTenantZone,
  statesOf,
  type TDelivery,
  zoneAtNoon,
} from '../../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { actOnCampaign } from './campaign-actions.js';

// A campaign survives what happens to the instances running it: each contact is sent once when the instance
// running it stops mid-campaign and two others finish it together.
const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };
// 400 on PostgreSQL, enough for the stop to land mid-run with sends on both sides of it; on in-memory PGlite,
// where four instances share one single-threaded database in one process, 120 keep the file short (the same
// paths run: restart mid-run, two instances). bench/campaigns.ts sends larger audiences.
const CONTACTS = process.env.DATABASE_URL ? 400 : 120;

describe('a campaign of 400 contacts (120 on PGlite) across a restart and two instances', () => {
  let owner: TestApp;

  beforeAll(async () => {
    owner = await startTestApp(fast);
    // The owner holds the database and runs nothing.
    await owner.prosa.services.jobs.stop();
  }, 120_000);
  afterAll(async () => owner?.close());

  it('sends each contact exactly once', async () => {
    const delivered = new Map<string, TDelivery>();
    const fx = await owner.createTenantFixture('Campanha duravel');
    await setTenantZone(owner, fx, zoneAtNoon());
    const connectionId = await createCampaignConnection(owner, fx);
    const people = await insertPhoneContacts(owner, fx, CONTACTS, '2190');
    const campaign = await insertCampaign(
      owner,
      fx,
      { connectionId, delaySeconds: 0, windowStart: '00:00', windowEnd: '23:59', messages: ['A', 'B', 'C'] },
      people.map((p) => p.id),
    );

    const first = await startTestApp(fast, {
      shareDatabaseWith: owner,
      channels: [campaignChannel('first', delivered)],
    });
    // Stopped mid-run: its runner stops taking jobs once two steps are done (100 contacts on PostgreSQL, 20 on PGlite).
    let steps = 0;
    const stopped = new Promise<void>((resolve) => {
      first.prosa.services.jobs.onSettled((outcome) => {
        if (outcome.job === 'campaigns.tick' && outcome.state === 'completed' && ++steps === 2)
          void first.prosa.services.jobs.stop().then(resolve);
      });
    });
    await actOnCampaign(first.prosa.services, fx.tenantId, campaign.id, 'start');
    await stopped;
    await first.close();
    const midway = (await contactRows(owner, campaign.id)).filter((row) => row.state === 'pending').length;
    expect(midway).toBeGreaterThan(0);

    const second = await startTestApp(fast, {
      shareDatabaseWith: owner,
      channels: [campaignChannel('second', delivered)],
    });
    const third = await startTestApp(fast, {
      shareDatabaseWith: owner,
      channels: [campaignChannel('third', delivered)],
    });
    try {
      await eventually(async () => {
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect(await statesOf(owner, campaign.id)).toEqual({ sent: CONTACTS });
      }, 120_000);
      expect((await campaignRow(owner, campaign.id)).status).toBe('finished');
    } finally {
      await second.close();
      await third.close();
    }

    // Every contact got one message, delivered once, with one of the three variants.
    const perContact = await messagesPerContact(owner, campaign.id);
    expect(perContact).toHaveLength(CONTACTS);
    expect(perContact.filter((row) => row.n !== 1)).toEqual([]);
    expect(delivered.size).toBe(CONTACTS);
    expect(new Set([...delivered.values()].map((d) => d.to)).size).toBe(CONTACTS);
    const variants = new Set((await contactRows(owner, campaign.id)).map((row) => row.variant));
    expect([...variants].sort()).toEqual([1, 2, 3]);
    // The instances shared the work after the restart.
    const byInstance = new Set([...delivered.values()].map((d) => d.instance));
    expect(byInstance.has('first')).toBe(true);
    expect(byInstance.has('second') || byInstance.has('third')).toBe(true);
  }, 300_000);
});
