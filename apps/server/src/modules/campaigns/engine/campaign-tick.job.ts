import {
  CAMPAIGN_REPLY_WINDOW_HOURS,
  DEFAULT_TIME_ZONE,
  groupCampaignKinds,
  type TCampaignKind,
} from '@prosa/contracts';
import { z } from 'zod';
import type { TExecutor } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import { JobDeferred } from '../../../platform/jobs/job-errors.js';
import type { TServices } from '../../../platform/services.js';
import { findConnection } from '../../connections/connections.service.js';
import { findContactRows } from '../../contacts/contacts.service.js';
import { findContactAddresses } from '../../messages/messages.service.js';
import { getTenantSettings } from '../../settings/settings.reader.js';
import { findSendableTemplate } from '../../templates/templates.service.js';
import { findTenant } from '../../tenants/tenants.service.js';
import { ticketsForOutreach } from '../../tickets/tickets.service.js';
import { findVariableValues } from '../../variables/variables.service.js';
import { queueForContact, skipContact, skipReason, type TSendContext } from './campaign-send.js';
import { nextOpening, nextSendTime, pauseAfterSend, startOfLocalDay } from './campaign-window.js';
import {
  claimPendingContacts,
  countPendingContacts,
  countQueuedSince,
  findOptedOut,
  lockCampaign,
  type TCampaignRow,
  updateCampaignRow,
} from './engine.repository.js';

export const CAMPAIGN_TICK_JOB = 'campaigns.tick';
/** Contacts one step sends when the campaign has no delay (a mass send on an official API). */
export const BATCH_WITHOUT_DELAY = 50;
/**
 * On the embedded PGlite (one connection for everything) a campaign without delay would keep the database from
 * live conversations and screens: smaller steps, at least a second apart (measured in docs/benchmarks.md).
 */
export const EMBEDDED_PACING = { batch: 10, minGapMs: 1_000 };
const HOUR = 3_600_000;

export type TCampaignDeps = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log'> &
  Partial<Pick<TServices, 'database'>> & {
    /** The clock (tests inject one). */
    now?: () => Date;
    random?: () => number;
  };

const ZTickPayload = z.object({
  tenantId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  /** The step's time: a job whose time is no longer the campaign's next (paused, resumed, moved) does nothing. */
  at: z.string(),
});

/** The definition enqueues carry; the registered one (campaignTickJob) adds the handler. */
const tickRef = defineJob({
  name: CAMPAIGN_TICK_JOB,
  payload: ZTickPayload,
  retry: { limit: 5 },
  handle: async () => {
    throw new Error('campaignTickJob is not registered');
  },
});

/**
 * The campaign's next step, due at `at`, in the transaction that decided it (none if it rolls back). Keyed by
 * the campaign and the time: deciding the same step twice enqueues it once.
 */
export const scheduleCampaignStep = (jobs: TServices['jobs'], tx: TExecutor, campaign: TCampaignRow, at: Date) =>
  jobs.enqueue(
    tickRef,
    { tenantId: campaign.tenantId, campaignId: campaign.id, at: at.toISOString() },
    { tx, tenantId: campaign.tenantId, key: `${campaign.id}:${at.getTime()}`, startAfter: at },
  );

/** One step's campaign and clock; `embedded`: the database is the embedded PGlite. */
type TStep = { campaign: TCampaignRow; now: Date; random: () => number; embedded: boolean };

/** Waits until `at`: the next step is due then (the window's opening, the next day, the delay). */
const waitUntil = async (deps: TCampaignDeps, tx: TExecutor, step: TStep, at: Date) => {
  const updated = await updateCampaignRow(tx, step.campaign.tenantId, step.campaign.id, { nextSendAt: at });
  if (updated) await scheduleCampaignStep(deps.jobs, tx, updated, at);
};

/** How many contacts this step may send: the batch, within what the daily cap leaves today (0: wait). */
const allowance = async (tx: TExecutor, step: TStep, timeZone: string) => {
  const { campaign } = step;
  const batch = campaign.delaySeconds > 0 ? 1 : step.embedded ? EMBEDDED_PACING.batch : BATCH_WITHOUT_DELAY;
  if (campaign.dailyCap === null) return batch;
  const today = await countQueuedSince(tx, campaign.tenantId, campaign.id, startOfLocalDay(step.now, timeZone));
  return Math.max(0, Math.min(batch, campaign.dailyCap - today));
};

/** Sends this step's contacts; answers how many were claimed (0: nobody is left). */
const sendBatch = async (deps: TCampaignDeps, tx: TExecutor, step: TStep, timeZone: string, limit: number) => {
  const { campaign, now } = step;
  const { tenantId } = campaign;
  const rows = await claimPendingContacts(tx, tenantId, campaign.id, limit);
  if (rows.length === 0) return 0;
  const connection = campaign.connectionId ? await findConnection(tx, tenantId, campaign.connectionId) : undefined;
  if (!connection) throw new PauseCampaign('ERR_NO_WAPP_FOUND');
  // No provider of this channel here (starting up, or not loaded on this instance): left to another instance,
  // or to this one a little later (on the engine's clock, as every time it plans); nothing is written.
  if (!deps.channels.serves(connection.type)) throw new JobDeferred(new Date(now.getTime() + 1_000), true);
  const settings = await getTenantSettings(tx, tenantId);
  const contactIds = rows.map((row) => row.contactId);
  const contacts = new Map((await findContactRows(tx, tenantId, contactIds)).map((contact) => [contact.id, contact]));
  const template = campaign.template
    ? await findSendableTemplate(tx, tenantId, connection.id, campaign.template)
    : undefined;
  if (campaign.template && !template) throw new PauseCampaign('ERR_TEMPLATE_NOT_FOUND');
  const context: TSendContext = {
    campaign,
    connection,
    at: now,
    timeZone,
    tenantVariables: await findVariableValues(tx, tenantId),
    template,
    // A group's conversation goes on as before a group campaign; a person's replies follow the tenant's choice.
    quietUntil:
      settings.campaignRepliesOpenTickets === 'enabled' || forGroups(campaign)
        ? null
        : new Date(now.getTime() + CAMPAIGN_REPLY_WINDOW_HOURS * HOUR),
    optedOut: await findOptedOut(tx, tenantId, contactIds),
    random: step.random,
  };
  const addresses = await findContactAddresses(tx, tenantId, contactIds);
  const eligible = [];
  for (const row of rows) {
    const contact = contacts.get(row.contactId);
    const reason = skipReason(deps, context, contact, addresses.get(row.contactId) ?? []);
    if (reason || !contact) await skipContact(tx, row, reason ?? 'ERR_WAPP_INVALID_CONTACT');
    else eligible.push({ row, contact });
  }
  const tickets = await ticketsForOutreach(tx, tenantId, {
    contactIds: eligible.map(({ contact }) => contact.id),
    connectionId: connection.id,
    channel: connection.type,
    at: now,
    quietUntil: context.quietUntil,
    isGroup: forGroups(campaign),
  });
  for (const { row, contact } of eligible) {
    const ticket = tickets.get(contact.id);
    if (ticket) await queueForContact(deps, tx, context, row, contact, ticket);
    else await skipContact(tx, row, 'ERR_CREATING_TICKET');
  }
  return rows.length;
};

const forGroups = (campaign: TCampaignRow) => groupCampaignKinds.includes(campaign.kind as TCampaignKind);

/** The engine stops the campaign for a reason the admin must see (the connection gone, a template missing). */
class PauseCampaign extends Error {}

/**
 * One step of a campaign, the one due at `at`, under the campaign row's lock (one step at a time across
 * instances): nothing unless the campaign is scheduled or processing and `at` is still its next step (a step
 * left behind by a pause, a resume or a restart does nothing); outside the daily window or past the daily cap
 * it waits for the next opening; otherwise it sends the next contact (or a batch without delay), then waits
 * the delay. With nobody left it is finished. Pause and cancel change the status under the same lock, so
 * they take effect before the next send.
 */
export const stepCampaign = async (
  deps: TCampaignDeps,
  tenantId: number,
  campaignId: number,
  at: Date,
): Promise<void> => {
  const now = deps.now?.() ?? new Date();
  const random = deps.random ?? Math.random;
  await withTenant(deps.db, tenantId, async (tx) => {
    const campaign = await lockCampaign(tx, tenantId, campaignId);
    if (!campaign || (campaign.status !== 'scheduled' && campaign.status !== 'processing')) return;
    if (campaign.nextSendAt?.getTime() !== at.getTime()) return;
    // Ran before its time (another instance's clock): back to the queue until then, no attempt counted.
    if (at > now) throw new JobDeferred(at);
    // Whatever the step comes to (sends, waits, finishes, pauses), the managers' screens show it once it commits.
    await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
    const step = { campaign, now, random, embedded: deps.database?.kind === 'pglite' };
    const timeZone = (await findTenant(tx, tenantId))?.timezone ?? DEFAULT_TIME_ZONE;
    const window = { timeZone, windowStart: campaign.windowStart, windowEnd: campaign.windowEnd };
    const opening = nextSendTime(now, window, random);
    if (opening > now) return waitUntil(deps, tx, step, opening);
    const limit = await allowance(tx, step, timeZone);
    if (limit === 0) return waitUntil(deps, tx, step, nextOpening(now, window, random, true));
    if (campaign.status === 'scheduled')
      step.campaign = (await updateCampaignRow(tx, tenantId, campaignId, { status: 'processing' })) ?? campaign;
    try {
      const sent = await sendBatch(deps, tx, step, timeZone, limit);
      // Nobody left (now, or already): finished with this step, not one delay later.
      if (sent === 0 || (await countPendingContacts(tx, tenantId, campaignId)) === 0) {
        await updateCampaignRow(tx, tenantId, campaignId, { status: 'finished', finishedAt: now, nextSendAt: null });
        return;
      }
    } catch (error) {
      if (!(error instanceof PauseCampaign)) throw error;
      await updateCampaignRow(tx, tenantId, campaignId, {
        status: 'paused',
        pauseReason: error.message,
        nextSendAt: null,
      });
      return;
    }
    const pause = Math.max(pauseAfterSend(campaign.delaySeconds, random), step.embedded ? EMBEDDED_PACING.minGapMs : 0);
    // Strictly after this step's time: a next step planned at that very time (no delay, and a clock that has not
    // moved since, or an instance's clock a little behind the one that planned this step) would get this step's
    // job key, so it would never be enqueued and the campaign would stop.
    return waitUntil(deps, tx, step, new Date(Math.max(now.getTime() + pause, at.getTime() + 1)));
  });
};

/** The job: one per step of a campaign; a failed step is retried (nothing of it was written). */
export const campaignTickJob = (deps: TCampaignDeps) =>
  defineJob({
    ...tickRef,
    handle: (payload) => stepCampaign(deps, payload.tenantId, payload.campaignId, new Date(payload.at)),
  });
