import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dieInCampaignStep,
  paceOnClock,
  recordDeliveries,
  startCampaignInstance,
  stepsLeft,
  untilMessagesWritten,
} from '../../../../test/campaign-runs.js';
import {
  campaignRow,
  contactRows,
  createCampaignConnection,
  insertCampaign,
  insertPhoneContacts,
  messagesPerContact,
  setTenantZone,
  statesOf,
} from '../../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { cutOffJobRunner, expireJobs, fastJobs, findRunningJobs, testClock } from '../../../../test/jobs.js';
import { eventually } from '../../../../test/sockets.js';
import { localDayAndMinutes } from '../../../platform/local-time.js';
import { actOnCampaign } from './campaign-actions.js';
import { BATCH_WITHOUT_DELAY, CAMPAIGN_TICK_JOB, EMBEDDED_PACING } from './campaign-tick.job.js';

// A campaign survives what happens to the instances running it, on both databases: each contact is sent once
// when the instance running it dies in the middle of a step and two others finish it together, and pause,
// resume and cancel hold on every instance, across a restart. The instances' job runners take the steps as in
// production; the engine paces them on the test's clock (test/campaign-runs.ts), which jumps to each step's
// time, so days of a campaign run in seconds with its pacing on and no real time waited.
const HOUR = 3_600_000;
const ZONE = 'America/Sao_Paulo';
const CONTACTS = 1_000;
/** A daily cap, so the 1,000 contacts take four days of the clock. */
const DAILY_CAP = 300;
/** Contacts the first instance hands over before it dies in the middle of the next step. */
const BEFORE_CRASH = 250;

const localDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, dateStyle: 'short' }).format(at);
const localMinutes = (at: Date) => localDayAndMinutes(at, ZONE).minutes;

describe('a campaign run by several instances on the test clock', () => {
  let owner: TestApp;

  beforeAll(async () => {
    owner = await startTestApp(fastJobs);
    // The owner holds the database and runs nothing.
    await owner.prosa.services.jobs.stop();
  }, 120_000);
  afterAll(async () => owner?.close());

  const createCampaign = async (
    name: string,
    count: number,
    prefix: string,
    pacing: { delaySeconds: number; dailyCap?: number },
  ) => {
    const fx = await owner.createTenantFixture(name);
    await setTenantZone(owner, fx, ZONE);
    const connectionId = await createCampaignConnection(owner, fx);
    const people = await insertPhoneContacts(owner, fx, count, prefix);
    const campaign = await insertCampaign(
      owner,
      fx,
      { connectionId, ...pacing, windowStart: '08:00', windowEnd: '20:00', messages: ['A', 'B', 'C'] },
      people.map((p) => p.id),
    );
    return { fx, campaign };
  };
  /**
   * 09:00 in the tenant's zone, `days` before today: behind the database's clock, so every step's job is due at
   * once to the runners and the engine paces them; inside the window, so the first day's sends are all there.
   */
  const clockDaysBack = (days: number) => {
    const start = new Date(Date.now() - days * 24 * HOUR);
    start.setUTCHours(12, 0, 0, 0);
    return testClock(start);
  };

  it('sends each of 1,000 contacts once, paced on the clock over four days, across a crash mid-step and two instances', async () => {
    const clock = clockDaysBack(7);
    const deliveries = recordDeliveries();
    const { delivered } = deliveries;
    // A mass send: batches without delay (50, or 10 at least a second apart on PGlite), 08:00-20:00, 300 a day.
    const { fx, campaign } = await createCampaign('Campanha duravel', CONTACTS, '2190', {
      delaySeconds: 0,
      dailyCap: DAILY_CAP,
    });
    const pacing = paceOnClock(owner, clock, campaign.id);

    // The first instance runs the campaign alone, then dies in the middle of a step (test/campaign-runs.ts): the
    // step has written its 251st contact's ticket, message and send when the instance loses the database for
    // good. That step's transaction rolls back and its job stays running, as a killed process leaves them.
    const first = await startCampaignInstance(owner, 'first', clock, deliveries);
    pacing.follow(first);
    const died = dieInCampaignStep(first, fx.tenantId, BEFORE_CRASH + 1);
    await actOnCampaign({ ...first.prosa.services, now: clock.now }, fx.tenantId, campaign.id, 'start');
    await died;
    await first.close();
    expect((await contactRows(owner, campaign.id)).filter((row) => row.state !== 'pending')).toHaveLength(BEFORE_CRASH);
    expect(await messagesPerContact(owner, campaign.id)).toHaveLength(BEFORE_CRASH);
    const left = await findRunningJobs(owner);
    expect(left.filter((job) => job.job === CAMPAIGN_TICK_JOB)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ campaignId: campaign.id }) }),
    ]);

    // Two instances take it from there. What pg-boss's expiry does 15 minutes after the crash is done once they
    // are up: the jobs the dead instance left running are handed out again, the step it died in first.
    const second = await startCampaignInstance(owner, 'second', clock, deliveries);
    const third = await startCampaignInstance(owner, 'third', clock, deliveries);
    pacing.follow(second);
    pacing.follow(third);
    await expireJobs(owner, left);
    try {
      await deliveries.until(() => delivered.size === CONTACTS);
      await eventually(async () => {
        expect(await statesOf(owner, campaign.id)).toEqual({ sent: CONTACTS });
        expect((await campaignRow(owner, campaign.id)).status).toBe('finished');
      }, 30_000);
    } finally {
      pacing.stop();
      await second.close();
      await third.close();
    }

    // Every contact got one message, delivered once, with one of the three variants.
    const perContact = await messagesPerContact(owner, campaign.id);
    expect(perContact).toHaveLength(CONTACTS);
    expect(perContact.filter((row) => row.n !== 1)).toEqual([]);
    expect(new Set([...delivered.values()].map((d) => d.to)).size).toBe(CONTACTS);
    const rows = await contactRows(owner, campaign.id);
    expect([...new Set(rows.map((row) => row.variant))].sort()).toEqual([1, 2, 3]);
    // Paced on the clock: inside the window, 300 a day over four days, in batches a step apart.
    const times = rows.map((row) => row.queuedAt as Date).sort((a, b) => a.getTime() - b.getTime());
    expect(times.filter((at) => localMinutes(at) < 8 * 60 || localMinutes(at) > 20 * 60)).toEqual([]);
    const perDay = new Map<string, number>();
    for (const at of times) perDay.set(localDate(at), (perDay.get(localDate(at)) ?? 0) + 1);
    expect([...perDay.values()]).toEqual([300, 300, 300, 100]);
    const embedded = owner.prosa.services.database.kind === 'pglite';
    const batches = new Map<number, number>();
    for (const at of times) batches.set(at.getTime(), (batches.get(at.getTime()) ?? 0) + 1);
    expect(Math.max(...batches.values())).toBe(embedded ? EMBEDDED_PACING.batch : BATCH_WITHOUT_DELAY);
    const starts = [...batches.keys()];
    const gaps = starts.slice(1).map((at, n) => at - (starts[n] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(embedded ? EMBEDDED_PACING.minGapMs : 1);
    // Each instance did part of the work: the first before it died, both of the others after.
    expect(deliveries.by('second')).toBeGreaterThan(0);
    expect(deliveries.by('third')).toBeGreaterThan(0);
    expect(deliveries.by('first') + deliveries.by('second') + deliveries.by('third')).toBe(CONTACTS);
  }, 240_000);

  it('pauses, resumes and cancels a campaign on any of two instances, across a restart: nothing goes while paused or after the cancel', async () => {
    const clock = clockDaysBack(3);
    const deliveries = recordDeliveries();
    const { delivered } = deliveries;
    // One contact every 20 s (randomised ±50 %) on the clock.
    const { fx, campaign } = await createCampaign('Campanha pausada', 200, '2191', { delaySeconds: 20 });
    const pacing = paceOnClock(owner, clock, campaign.id);
    /** What the campaign's buttons do, on the instance `app` (its database connections and events). */
    const act = (app: TestApp, action: 'start' | 'pause' | 'resume' | 'cancel') =>
      actOnCampaign({ ...app.prosa.services, now: clock.now }, fx.tenantId, campaign.id, action);
    /** The messages of the contacts handed to the outbound queue so far (a contact is pending until then). */
    const handedOver = async () =>
      (await contactRows(owner, campaign.id))
        .filter((row) => row.state !== 'pending')
        .map((row) => row.messageId ?? 0)
        .sort((x, y) => x - y);
    const deliveredMessages = () => [...delivered.values()].map((delivery) => delivery.messageId).sort((x, y) => x - y);
    /** No step waits or runs (a running campaign always has one), and what was handed over went or was taken back. */
    const untilQuiet = () =>
      eventually(async () => {
        expect(await stepsLeft(owner, campaign.id)).toBe(0);
        expect(await statesOf(owner, campaign.id)).not.toHaveProperty('queued');
      }, 30_000);

    const a = await startCampaignInstance(owner, 'a', clock, deliveries);
    const b = await startCampaignInstance(owner, 'b', clock, deliveries);
    pacing.follow(a);
    pacing.follow(b);
    const twentieth = untilMessagesWritten([a, b], fx.tenantId, 20);
    let c: TestApp | undefined;
    try {
      await act(a, 'start');
      // The clock stops at the 20th contact: the campaign waits for its next step, and is paused meanwhile.
      await twentieth;
      pacing.hold();

      // Paused on b: the step planned before the pause does nothing, and with six hours of the clock gone (over
      // a thousand delays) neither instance sends another contact. What was handed over before it goes.
      await act(b, 'pause');
      const atPause = await handedOver();
      clock.advance(6 * HOUR);
      await untilQuiet();
      expect(await handedOver()).toEqual(atPause);
      expect(deliveredMessages()).toEqual(atPause);

      // a dies while it is paused (its runner cut off, then closed) and c comes up: still paused, six more
      // hours and nothing is planned.
      cutOffJobRunner(a);
      await a.close();
      c = await startCampaignInstance(owner, 'c', clock, deliveries);
      pacing.follow(c);
      clock.advance(6 * HOUR);
      expect(await campaignRow(owner, campaign.id)).toMatchObject({ status: 'paused', nextSendAt: null });
      expect(await stepsLeft(owner, campaign.id)).toBe(0);

      // Resumed on c: it goes on from where it was, and the clock stops again 20 contacts later.
      const twentyMore = untilMessagesWritten([b, c], fx.tenantId, 20);
      pacing.release();
      await act(c, 'resume');
      await twentyMore;
      pacing.hold();

      // Canceled on b: neither instance sends another contact; those handed over and not sent yet are taken back.
      await act(b, 'cancel');
      const atCancel = await handedOver();
      expect(atCancel.length).toBeGreaterThanOrEqual(atPause.length + 20);
      clock.advance(6 * HOUR);
      await untilQuiet();
      expect(await handedOver()).toEqual(atCancel);
      expect(delivered.size).toBeGreaterThan(atPause.length);
      expect(deliveredMessages().filter((id) => !atCancel.includes(id))).toEqual([]);
      expect(await campaignRow(owner, campaign.id)).toMatchObject({ status: 'canceled', nextSendAt: null });
      expect((await statesOf(owner, campaign.id)).pending).toBe(200 - atCancel.length);
    } finally {
      pacing.stop();
      await a.close();
      await b.close();
      await c?.close();
    }

    // Each contact at most once, one at a time at least half the delay apart on the clock.
    expect((await messagesPerContact(owner, campaign.id)).filter((row) => row.n !== 1)).toEqual([]);
    expect(new Set([...delivered.values()].map((d) => d.to)).size).toBe(delivered.size);
    const times = (await contactRows(owner, campaign.id))
      .flatMap((row) => (row.queuedAt ? [row.queuedAt.getTime()] : []))
      .sort((x, y) => x - y);
    const gaps = times.slice(1).map((at, n) => at - (times[n] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(10_000);
  }, 120_000);
});
