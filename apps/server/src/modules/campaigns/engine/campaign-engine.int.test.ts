import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignChannel,
  campaignRow,
  contactRows,
  createCampaignConnection,
  insertCampaign,
  insertPhoneContacts,
  setTenantZone,
  type TDelivery,
} from '../../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { messages } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { JobDeferred } from '../../../platform/jobs/job-errors.js';
import { actOnCampaign } from './campaign-actions.js';
import { stepCampaign, type TCampaignDeps } from './campaign-tick.job.js';
import { insertOptOut } from './engine.repository.js';

// The engine's rules, driven step by step on a controlled clock (the job runner is stopped: each step is
// run by the test at the time the engine asked for): pacing, the daily window and cap, pause, cancel, opt-out.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

const SECOND = 1000;
const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };

describe('the campaign engine on a controlled clock', () => {
  let t: TestApp;
  let fx: TFixture;
  let connectionId: number;
  let clock: Date;
  const delivered = new Map<string, TDelivery>();
  const deps = (): TCampaignDeps => ({ ...t.prosa.services, now: () => clock, random: () => 0.5 });
  const queued = async (campaignId: number) =>
    (await contactRows(t, campaignId)).filter((row) => row.state !== 'pending').map((row) => row.state);
  /** Runs the step the campaign expects next, at the clock's time. */
  const step = async (campaignId: number) => {
    const campaign = await campaignRow(t, campaignId);
    await stepCampaign(deps(), fx.tenantId, campaignId, campaign.nextSendAt ?? clock);
    return campaignRow(t, campaignId);
  };

  beforeAll(async () => {
    t = await startTestApp(fast, { channels: [campaignChannel('one', delivered)] });
    // Steps are run by the test; sends stay pending in the outbound queue.
    await t.prosa.services.jobs.stop();
    fx = await t.createTenantFixture('Campanhas motor');
    await setTenantZone(t, fx, 'America/Sao_Paulo');
    connectionId = await createCampaignConnection(t, fx);
  }, 120_000);
  afterAll(async () => t?.close());

  it('sends one contact per step, then waits the delay (randomised around it) on the clock', async () => {
    clock = new Date('2026-11-26T13:00:00Z'); // 10:00 in São Paulo
    const people = await insertPhoneContacts(t, fx, 3, '1191');
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds: 20 },
      people.map((p) => p.id),
    );
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'start');
    expect(await campaignRow(t, campaign.id)).toMatchObject({ status: 'processing', nextSendAt: clock });

    let row = await step(campaign.id);
    expect(await queued(campaign.id)).toEqual(['queued']);
    // random 0.5: exactly the delay.
    expect(row.nextSendAt?.getTime()).toBe(clock.getTime() + 20 * SECOND);

    // Too early (another instance's clock behind): deferred, nothing sent.
    clock = new Date(clock.getTime() + 10 * SECOND);
    await expect(step(campaign.id)).rejects.toBeInstanceOf(JobDeferred);
    expect(await queued(campaign.id)).toHaveLength(1);

    clock = new Date(clock.getTime() + 10 * SECOND);
    await step(campaign.id);
    clock = new Date(clock.getTime() + 20 * SECOND);
    await step(campaign.id);
    expect(await queued(campaign.id)).toEqual(['queued', 'queued', 'queued']);
    clock = new Date(clock.getTime() + 20 * SECOND);
    row = await step(campaign.id);
    expect(row).toMatchObject({ status: 'finished', nextSendAt: null });
    expect((await contactRows(t, campaign.id)).map((r) => r.body)).toEqual(
      people.map((_, n) => `Olá Cliente 1191${n}!`),
    );
  });

  it('pause and cancel take effect before the next send; a step left behind does nothing', async () => {
    clock = new Date('2026-11-26T14:00:00Z');
    const people = await insertPhoneContacts(t, fx, 3, '1192');
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds: 20 },
      people.map((p) => p.id),
    );
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'start');
    await step(campaign.id);
    const due = (await campaignRow(t, campaign.id)).nextSendAt as Date;

    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'pause');
    clock = new Date(due.getTime() + SECOND);
    await stepCampaign(deps(), fx.tenantId, campaign.id, due);
    expect(await queued(campaign.id)).toHaveLength(1);
    await expect(actOnCampaign(deps(), fx.tenantId, campaign.id, 'pause')).rejects.toMatchObject({
      code: 'ERR_CAMPAIGN_STATUS',
    });

    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'resume');
    await step(campaign.id);
    expect(await queued(campaign.id)).toHaveLength(2);
    const next = (await campaignRow(t, campaign.id)).nextSendAt as Date;

    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'cancel');
    clock = new Date(next.getTime() + SECOND);
    await stepCampaign(deps(), fx.tenantId, campaign.id, next);
    expect(await queued(campaign.id)).toHaveLength(2);
    expect(await campaignRow(t, campaign.id)).toMatchObject({ status: 'canceled' });
    await expect(actOnCampaign(deps(), fx.tenantId, campaign.id, 'resume')).rejects.toMatchObject({
      code: 'ERR_CAMPAIGN_STATUS',
    });
  });

  it('a cancel takes back the sends still waiting in the outbound queue; one being sent goes on', async () => {
    clock = new Date('2026-11-26T15:00:00Z');
    const people = await insertPhoneContacts(t, fx, 4, '1195');
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds: 20 },
      people.map((p) => p.id),
    );
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'start');
    // Three steps hand three contacts to the outbound queue (the runner is stopped: none goes).
    for (let i = 0; i < 3; i += 1) {
      await step(campaign.id);
      clock = new Date(clock.getTime() + 20 * SECOND);
    }
    const handed = (await contactRows(t, campaign.id)).filter((row) => row.state === 'queued');
    expect(handed).toHaveLength(3);
    const ids = handed.map((row) => row.messageId as number);
    // The first is on its way: a send run holds its lease.
    const [inFlight = 0, ...waiting] = ids;
    await t.db
      .update(messages)
      .set({ leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(messages.id, inFlight));

    const heard: { messageId: number; status: string; error: unknown }[] = [];
    t.prosa.services.events.listen({
      name: 'test-withdrawn-sends',
      events: ['message.status'],
      scope: 'instance',
      handle: async (event) => {
        heard.push({ messageId: event.messageId, status: event.status, error: event.error });
      },
    });
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'cancel');
    const sends = await t.db
      .select({ id: messages.id, status: messages.status, failureReason: messages.failureReason })
      .from(messages)
      .where(inArray(messages.id, ids))
      .orderBy(messages.id);
    expect(sends).toEqual([
      { id: inFlight, status: 'pending', failureReason: null },
      ...waiting.map((id) => ({ id, status: 'failed', failureReason: 'ERR_CAMPAIGN_CANCELED' })),
    ]);
    const states = (await contactRows(t, campaign.id)).map((row) => [row.state, row.failureReason]);
    expect(states).toEqual([
      ['queued', null],
      ['skipped', 'ERR_CAMPAIGN_CANCELED'],
      ['skipped', 'ERR_CAMPAIGN_CANCELED'],
      ['pending', null],
    ]);
    // Each is announced with why it did not go (the agent's screen, the contact's row hear it).
    await t.prosa.services.events.idle();
    expect(heard.filter((event) => ids.includes(event.messageId))).toEqual(
      waiting.map((messageId) => ({ messageId, status: 'failed', error: 'ERR_CAMPAIGN_CANCELED' })),
    );
  });

  it('moves sends outside the daily window to the next morning, and the daily cap to the next day', async () => {
    clock = new Date('2026-11-26T23:30:00Z'); // 20:30 in São Paulo: after the 08:00-20:00 window
    const people = await insertPhoneContacts(t, fx, 3, '1193');
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds: 20, dailyCap: 2 },
      people.map((p) => p.id),
    );
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'start');
    let row = await step(campaign.id);
    expect(await queued(campaign.id)).toEqual([]);
    // 08:00 of the 27th in São Paulo, plus half of the half-hour spread (random 0.5).
    expect(row.nextSendAt?.toISOString()).toBe('2026-11-27T11:15:00.000Z');

    clock = row.nextSendAt as Date;
    await step(campaign.id);
    clock = new Date(clock.getTime() + 20 * SECOND);
    row = await step(campaign.id);
    expect(await queued(campaign.id)).toHaveLength(2);
    // Cap of 2 reached on the 27th: the third waits for the 28th's opening.
    clock = row.nextSendAt as Date;
    row = await step(campaign.id);
    expect(await queued(campaign.id)).toHaveLength(2);
    expect(row.nextSendAt?.toISOString()).toBe('2026-11-28T11:15:00.000Z');
  });

  it('skips a contact who opted out, and refuses to start without contacts', async () => {
    clock = new Date('2026-11-26T15:00:00Z');
    const people = await insertPhoneContacts(t, fx, 2, '1194');
    await withTenant(t.prosa.services.db, fx.tenantId, (tx) =>
      insertOptOut(tx, fx.tenantId, { contactId: people[0]?.id as number, word: 'SAIR', campaignId: null as never }),
    );
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds: 0 },
      people.map((p) => p.id),
    );
    await actOnCampaign(deps(), fx.tenantId, campaign.id, 'start');
    await step(campaign.id);
    const rows = await contactRows(t, campaign.id);
    expect(rows.map((r) => [r.state, r.failureReason])).toEqual([
      ['skipped', 'opt_out'],
      ['queued', null],
    ]);
    const empty = await insertCampaign(t, fx, { connectionId }, []);
    await expect(actOnCampaign(deps(), fx.tenantId, empty.id, 'start')).rejects.toMatchObject({
      code: 'ERR_CAMPAIGN_NO_CONTACTS',
    });
  });
});
