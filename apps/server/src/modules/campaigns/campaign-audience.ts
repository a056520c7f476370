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
import { findAudienceContactIds, findPersonContactIds } from '../contacts/contacts.service.js';
import {
  countCampaignContacts,
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
 * The contacts an audience names, inside the caller's transaction: the union of the tags, the wallets, the
 * kanban lanes and the hand-picked ids, each person once (groups never). Tags and wallet users must be the
 * tenant's (400 naming the field); a hand-picked id that is no person of the tenant is reported, by its
 * position in `contactIds`, and left out.
 */
export const resolveAudience = async (
  tx: TExecutor,
  tenantId: number,
  audience: TCampaignAudience,
): Promise<{ contactIds: number[]; errors: TCampaignImportReport['errors']; named: number }> => {
  await assertOwnedIds(tx, tenantId, tags, 'tagIds', audience.tagIds);
  await assertOwnedIds(tx, tenantId, users, 'walletUserIds', audience.walletUserIds, {
    where: ne(users.profile, 'superadmin'),
  });
  const byFilter = await findAudienceContactIds(tx, tenantId, audience);
  const people = await findPersonContactIds(tx, tenantId, audience.contactIds);
  const errors: TCampaignImportReport['errors'] = [];
  audience.contactIds.forEach((id, index) => {
    if (!people.has(id))
      errors.push({ row: index + 1, field: 'contactIds', message: `contato ${id} não encontrado nesta empresa` });
  });
  const picked = audience.contactIds.filter((id) => people.has(id));
  const unique = [...new Set([...byFilter, ...picked])];
  // Named twice (a tag and a wallet, or picked by hand too): counted once, the rest are duplicates.
  return { contactIds: unique, errors, named: byFilter.length + picked.length };
};

/** Adds an audience to a campaign inside the caller's transaction (the mass sends call this before starting). */
export const addAudienceTo = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  audience: TCampaignAudience,
): Promise<TCampaignImportReport> => {
  const { contactIds, errors, named } = await resolveAudience(tx, tenantId, audience);
  if (contactIds.length > CAMPAIGN_CONTACTS_MAX) throw new AppError('ERR_CAMPAIGN_TOO_MANY_CONTACTS');
  const { added } = await addCampaignContacts(
    tx,
    tenantId,
    campaignId,
    contactIds.map((contactId) => ({ contactId })),
  );
  return { added, duplicates: named - added, errors };
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
