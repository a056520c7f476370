import {
  PAGE_SIZE,
  type TCampaignContactList,
  type TCampaignList,
  type TCampaignTimeline,
  type ZCampaignContactQuery,
  type ZCampaignListQuery,
} from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  deletePendingCampaignContacts,
  findCampaignContactPage,
  findCampaignCounts,
  findCampaignTimeline,
} from './campaign-contacts.repository.js';
import { toCampaignContactDto, toCampaignDto, toCampaignTimeline } from './campaign-dto.js';
import { assertEditable, lockCampaign } from './campaign-rules.js';
import { findCampaignPage, findCampaignRow } from './campaigns.repository.js';

type TDeps = Pick<TServices, 'db'>;

/** A page of the tenant's campaigns, newest first, each with its counts (one grouped query for the page). */
export const listCampaigns = (
  deps: TDeps,
  ctx: TRequestContext,
  query: z.output<typeof ZCampaignListQuery>,
): Promise<TCampaignList> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, count } = await findCampaignPage(tx, ctx.tenantId, { ...query, limit: PAGE_SIZE, offset });
    const counts = await findCampaignCounts(
      tx,
      ctx.tenantId,
      rows.map((row) => row.id),
    );
    return {
      campaigns: rows.map((row) => toCampaignDto(row, counts.get(row.id))),
      count,
      hasMore: offset + rows.length < count,
    };
  });

const assertCampaignExists = async (tx: Parameters<typeof findCampaignRow>[0], tenantId: number, id: number) => {
  if (!(await findCampaignRow(tx, tenantId, id))) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
};

/** A page of a campaign's contacts with their state, filtered by state, reply and name or number. */
export const listCampaignContacts = (
  deps: TDeps,
  ctx: TRequestContext,
  campaignId: number,
  query: z.output<typeof ZCampaignContactQuery>,
): Promise<TCampaignContactList> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertCampaignExists(tx, ctx.tenantId, campaignId);
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, count } = await findCampaignContactPage(tx, ctx.tenantId, campaignId, {
      state: query.state,
      replied: query.replied === undefined ? undefined : query.replied === 'true',
      search: query.search,
      limit: PAGE_SIZE,
      offset,
    });
    return { contacts: rows.map(toCampaignContactDto), count, hasMore: offset + rows.length < count };
  });

export const getCampaignTimeline = (
  deps: TDeps,
  ctx: TRequestContext,
  campaignId: number,
): Promise<TCampaignTimeline> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertCampaignExists(tx, ctx.tenantId, campaignId);
    return toCampaignTimeline(await findCampaignTimeline(tx, ctx.tenantId, campaignId));
  });

/**
 * Takes one contact out of a campaign that is not running; only while its send has not started (a contact
 * already sent to stays in the report). 404 when the campaign has no such contact waiting.
 */
export const removeCampaignContact = (deps: TDeps, ctx: TRequestContext, campaignId: number, contactId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    assertEditable(await lockCampaign(tx, ctx.tenantId, campaignId));
    if ((await deletePendingCampaignContacts(tx, ctx.tenantId, campaignId, contactId)) === 0)
      throw new AppError('ERR_NO_CONTACT_FOUND');
  });

/** Takes every contact still waiting out of a campaign that is not running; answers how many. */
export const removeCampaignContacts = (deps: TDeps, ctx: TRequestContext, campaignId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    assertEditable(await lockCampaign(tx, ctx.tenantId, campaignId));
    return { removed: await deletePendingCampaignContacts(tx, ctx.tenantId, campaignId) };
  });
