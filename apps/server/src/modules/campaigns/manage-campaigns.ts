import type { TCampaign, ZCampaignInput, ZCampaignUpdate } from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findCampaignCounts } from './campaign-contacts.repository.js';
import { toCampaignDto } from './campaign-dto.js';
import { assertConnectionFor, assertContent, assertDeletable, assertEditable, lockCampaign } from './campaign-rules.js';
import {
  deleteCampaignRow,
  findCampaignView,
  insertCampaign,
  type TCampaignValues,
  updateCampaignRow,
} from './campaigns.repository.js';
import { scheduleCampaignStep } from './engine/campaign-tick.job.js';

type TDeps = Pick<TServices, 'db' | 'channels' | 'jobs'>;
export type TCampaignCreate = z.output<typeof ZCampaignInput>;
type TCampaignChanges = z.output<typeof ZCampaignUpdate>;

const toDate = (value: string | null | undefined) => (value ? new Date(value) : value === null ? null : undefined);

/** The campaign as the screens show it (its connection, author and counts); 404 for none of this tenant. */
export const readCampaign = async (tx: TExecutor, tenantId: number, campaignId: number): Promise<TCampaign> => {
  const view = await findCampaignView(tx, tenantId, campaignId);
  if (!view) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
  const counts = await findCampaignCounts(tx, tenantId, [campaignId]);
  return toCampaignDto(view, counts.get(campaignId));
};

export const getCampaign = (deps: Pick<TServices, 'db'>, ctx: TRequestContext, campaignId: number) =>
  withTenant(deps.db, ctx.tenantId, (tx) => readCampaign(tx, ctx.tenantId, campaignId));

/** Inserts a campaign (status pending) inside the caller's transaction; the mass sends reuse it. */
export const insertNewCampaign = async (
  deps: Pick<TServices, 'channels'>,
  tx: TExecutor,
  ctx: TRequestContext,
  input: TCampaignCreate,
): Promise<number> => {
  await assertConnectionFor(deps, tx, ctx.tenantId, input.connectionId, input.kind, input.template !== null);
  const row = await insertCampaign(tx, ctx.tenantId, {
    name: input.name,
    kind: input.kind,
    connectionId: input.connectionId,
    messages: input.messages,
    template: input.template,
    startAt: toDate(input.startAt) ?? null,
    delaySeconds: input.delaySeconds,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    dailyCap: input.dailyCap,
    createdBy: ctx.userId,
  });
  return row.id;
};

export const createCampaign = (deps: TDeps, ctx: TRequestContext, input: TCampaignCreate): Promise<TCampaign> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const id = await insertNewCampaign(deps, tx, ctx, input);
    return readCampaign(tx, ctx.tenantId, id);
  });

/**
 * Changes a campaign that is not running (pending, scheduled or paused; else 409 ERR_CAMPAIGN_LOCKED). Fields
 * left out keep their value; the result is checked whole (the window in order, content for its kind, a
 * connection that can send it). A scheduled campaign given another start waits for that one instead.
 */
export const updateCampaign = (
  deps: TDeps,
  ctx: TRequestContext,
  campaignId: number,
  changes: TCampaignChanges,
): Promise<TCampaign> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const row = await lockCampaign(tx, ctx.tenantId, campaignId);
    assertEditable(row);
    const { startAt, ...rest } = changes;
    const values: Partial<TCampaignValues> = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined),
    );
    if (startAt !== undefined) values.startAt = toDate(startAt) ?? null;
    const next = { ...row, ...values };
    if (next.windowStart >= next.windowEnd)
      throw new AppError('ERR_VALIDATION', { field: 'windowEnd', detail: 'deve ser depois do início da janela' });
    const kind = next.kind as TCampaignCreate['kind'];
    assertContent(kind, next.messages, next.template ?? null);
    if (values.connectionId !== undefined || values.template !== undefined) {
      if (next.connectionId === null) throw new AppError('ERR_CAMPAIGN_CONNECTION', { field: 'connectionId' });
      await assertConnectionFor(deps, tx, ctx.tenantId, next.connectionId, kind, (next.template ?? null) !== null);
    }
    // A scheduled campaign whose start moved: the engine's next step moves with it (the old one finds it moved).
    const now = new Date();
    const at = next.startAt && next.startAt > now ? next.startAt : now;
    const moved = row.status === 'scheduled' && startAt !== undefined;
    if (moved) Object.assign(values, { nextSendAt: at, status: at > now ? 'scheduled' : 'processing' });
    const updated = await updateCampaignRow(tx, ctx.tenantId, campaignId, values);
    if (moved && updated) await scheduleCampaignStep(deps.jobs, tx, updated, at);
    return readCampaign(tx, ctx.tenantId, campaignId);
  });

/** Deletes a campaign the engine is not sending (scheduled or processing: 409 ERR_CAMPAIGN_LOCKED). */
export const deleteCampaign = (deps: Pick<TServices, 'db'>, ctx: TRequestContext, campaignId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    assertDeletable(await lockCampaign(tx, ctx.tenantId, campaignId));
    await deleteCampaignRow(tx, ctx.tenantId, campaignId);
  });
