import { campaignTransitions, type TCampaignAction, type TCampaignStatus } from '@prosa/contracts';
import type { TExecutor } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { AppError } from '../../../platform/errors.js';
import { findConnection } from '../../connections/connections.service.js';
import { withdrawWaitingMessages } from '../../messages/messages.service.js';
import { assertNoActiveImport } from '../campaign-rules.js';
import { scheduleCampaignStep, type TCampaignDeps } from './campaign-tick.job.js';
import {
  countPendingContacts,
  findQueuedMessageIds,
  lockCampaign,
  markContactsWithdrawn,
  type TCampaignRow,
  updateCampaignRow,
} from './engine.repository.js';

const WITHDRAWN = 'ERR_CAMPAIGN_CANCELED';

export type { TCampaignDeps } from './campaign-tick.job.js';

const canMove = (action: TCampaignAction, status: TCampaignStatus) =>
  (campaignTransitions[action] as readonly TCampaignStatus[]).includes(status);

/** Start: checks what the engine would stop on at once (no contacts, no connection). */
const assertStartable = async (
  deps: TCampaignDeps,
  campaign: TCampaignRow,
  tx: Parameters<typeof findConnection>[0],
) => {
  if ((await countPendingContacts(tx, campaign.tenantId, campaign.id)) === 0)
    throw new AppError('ERR_CAMPAIGN_NO_CONTACTS');
  const connection = campaign.connectionId
    ? await findConnection(tx, campaign.tenantId, campaign.connectionId)
    : undefined;
  if (!connection || !deps.channels.serves(connection.type)) throw new AppError('ERR_CAMPAIGN_CONNECTION');
};

/**
 * A cancel also takes back the messages already handed to the outbound queue that have not gone yet (a paced
 * connection may hold hundreds): they fail with ERR_CAMPAIGN_CANCELED and their contacts are skipped. A send
 * under way at that moment finishes; a pause leaves the queue alone (resume goes on from where it was).
 */
const withdrawQueuedSends = async (deps: TCampaignDeps, tx: TExecutor, tenantId: number, campaignId: number) => {
  const queued = await findQueuedMessageIds(tx, tenantId, campaignId);
  const withdrawn = await withdrawWaitingMessages(deps, tx, tenantId, queued, WITHDRAWN);
  await markContactsWithdrawn(tx, tenantId, campaignId, withdrawn, WITHDRAWN);
};

/**
 * Starts, pauses, resumes or cancels a campaign, under its row's lock, so the change is seen by the engine's
 * next step on any instance (a pause or a cancel takes effect before the next send). Start and resume plan the
 * next step (at the start time, or now); pause and cancel forget it (the step's job finds it moved and does
 * nothing). Another tenant's campaign is not found. Every refusal comes before any write but the push, so a
 * caller in its own transaction (a mass send's import, ending) may catch it and go on.
 */
export const actOnCampaignIn = async (
  deps: TCampaignDeps,
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  action: TCampaignAction,
): Promise<void> => {
  const now = deps.now?.() ?? new Date();
  const campaign = await lockCampaign(tx, tenantId, campaignId);
  if (!campaign) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
  if (!canMove(action, campaign.status)) throw new AppError('ERR_CAMPAIGN_STATUS');
  await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
  if (action === 'pause' || action === 'cancel') {
    await updateCampaignRow(tx, tenantId, campaignId, {
      status: action === 'pause' ? 'paused' : 'canceled',
      nextSendAt: null,
      pauseReason: null,
      ...(action === 'cancel' ? { finishedAt: now } : {}),
    });
    if (action === 'cancel') await withdrawQueuedSends(deps, tx, tenantId, campaignId);
    return;
  }
  // A CSV still being imported: the engine would finish the campaign before its last rows are in.
  await assertNoActiveImport(tx, tenantId, campaignId);
  if (action === 'start') await assertStartable(deps, campaign, tx);
  const at = action === 'start' && campaign.startAt && campaign.startAt > now ? campaign.startAt : now;
  const updated = await updateCampaignRow(tx, tenantId, campaignId, {
    status: at > now ? 'scheduled' : 'processing',
    nextSendAt: at,
    pauseReason: null,
    ...(action === 'start' ? { startedAt: now } : {}),
  });
  if (updated) await scheduleCampaignStep(deps.jobs, tx, updated, at);
};

/** The same in a transaction of its own (the routes', the engine's tests). */
export const actOnCampaign = (
  deps: TCampaignDeps,
  tenantId: number,
  campaignId: number,
  action: TCampaignAction,
): Promise<void> => withTenant(deps.db, tenantId, (tx) => actOnCampaignIn(deps, tx, tenantId, campaignId, action));
