import {
  CAMPAIGN_CONTACTS_MAX,
  type TCampaignAudience,
  type TCampaignImportReport,
  type ZCampaignAudience,
} from '@prosa/contracts';
import { ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { tags, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { audienceContactsQuery, pickedPeopleQuery } from '../contacts/contacts.service.js';
import {
  countCampaignContacts,
  insertAudienceContacts,
  insertCampaignContacts,
  type TNewCampaignContact,
} from './campaign-contacts.repository.js';
import { assertEditable, lockCampaign } from './campaign-rules.js';

/**
 * Adds rows to a campaign (already locked by the caller) and refuses the lot when the campaign would pass
 * CAMPAIGN_CONTACTS_MAX (the transaction is rolled back). `duplicates` are the rows it already had.
 */
export const addCampaignContacts = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  rows: TNewCampaignContact[],
): Promise<{ added: number; duplicates: number }> => {
  const added = await insertCampaignContacts(tx, tenantId, campaignId, rows);
  if (added > 0 && (await countCampaignContacts(tx, tenantId, campaignId)) > CAMPAIGN_CONTACTS_MAX)
    throw new AppError('ERR_CAMPAIGN_TOO_MANY_CONTACTS');
  return { added, duplicates: rows.length - added };
};

/**
 * Adds an audience to a campaign inside the caller's transaction (the mass sends call this before starting),
 * in one statement: the union of the tags, the wallets, the kanban lanes and the hand-picked ids, each person
 * once (groups never). Tags and wallet users must be the tenant's (400 naming the field); a hand-picked id that
 * is no person of the tenant is reported, by its position in `contactIds`, and left out. A contact named twice
 * (a tag and a wallet, or picked by hand too) counts once, the rest as duplicates, as do those already in the
 * campaign. Past CAMPAIGN_CONTACTS_MAX the lot is refused (the caller's transaction rolls back).
 */
export const addAudienceTo = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  audience: TCampaignAudience,
): Promise<TCampaignImportReport> => {
  await assertOwnedIds(tx, tenantId, tags, 'tagIds', audience.tagIds);
  await assertOwnedIds(tx, tenantId, users, 'walletUserIds', audience.walletUserIds, {
    where: ne(users.profile, 'superadmin'),
  });
  const filtered = audienceContactsQuery(tenantId, audience);
  const picked = audience.contactIds.length > 0 ? pickedPeopleQuery(tenantId, audience.contactIds) : undefined;
  if (!filtered && !picked) return { added: 0, duplicates: 0, errors: [] };
  const result = await insertAudienceContacts(tx, tenantId, campaignId, { filtered, picked });
  if (result.before + result.added > CAMPAIGN_CONTACTS_MAX) throw new AppError('ERR_CAMPAIGN_TOO_MANY_CONTACTS');
  const people = new Set(result.pickedPeople);
  const errors: TCampaignImportReport['errors'] = [];
  let named = result.filtered;
  audience.contactIds.forEach((id, index) => {
    if (people.has(id)) named += 1;
    else errors.push({ row: index + 1, field: 'contactIds', message: `contato ${id} não encontrado nesta empresa` });
  });
  return { added: result.added, duplicates: named - result.added, errors };
};

/** POST /campaigns/contacts/:id: adds the contacts an audience names to a campaign that is not running. */
export const addCampaignAudience = (
  deps: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  campaignId: number,
  audience: z.output<typeof ZCampaignAudience>,
): Promise<TCampaignImportReport> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    assertEditable(await lockCampaign(tx, ctx.tenantId, campaignId));
    return addAudienceTo(tx, ctx.tenantId, campaignId, audience);
  });
