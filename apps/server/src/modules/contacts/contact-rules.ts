import {
  canonicalPhoneKey,
  dialablePhone,
  getErrorMessage,
  parsePhone,
  type TContactCustomField,
} from '@prosa/contracts';
import { ne } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { tags, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { findIdentityOwners, lockIdentities } from './contact-identities.repository.js';
import { replaceContactTags, replaceContactWallets, replaceCustomFields } from './contacts.repository.js';

export type TContactPhone = { e164: string; key: string };

/** 400 naming the field, with the reason (a libphonenumber code for numbers) in `detail` and the message. */
export const invalidField = (field: string, detail: string): AppError =>
  new AppError('ERR_VALIDATION', {
    field,
    detail,
    data: { detail, message: `${getErrorMessage('ERR_VALIDATION')} ${field}: ${detail}` },
  });

/**
 * A typed phone (national numbers are Brazilian) as the E.164 shown (a mobile typed with eight digits gets its
 * ninth) and the key its identity is stored under.
 */
export const parseContactPhone = (input: string): { ok: true; phone: TContactPhone } | { ok: false; error: string } => {
  const parsed = parsePhone(input);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, phone: { e164: dialablePhone(parsed.e164), key: canonicalPhoneKey(parsed.e164) } };
};

export const requireContactPhone = (input: string, field = 'number'): TContactPhone => {
  const parsed = parseContactPhone(input);
  if (!parsed.ok) throw invalidField(field, parsed.error);
  return parsed.phone;
};

/**
 * Takes the phone key's lock, then refuses it when another contact owns it: 409 ERR_DUPLICATED_CONTACT with
 * that contact's id, so the screen can offer to open it.
 */
export const claimPhoneKey = async (
  tx: TExecutor,
  tenantId: number,
  key: string,
  exceptContactId?: number,
): Promise<void> => {
  const identity = { kind: 'phone' as const, value: key };
  await lockIdentities(tx, tenantId, [identity]);
  const [owner] = await findIdentityOwners(tx, tenantId, [identity]);
  if (owner && owner.contactId !== exceptContactId) throw duplicatedContact(owner.contactId);
};

export const duplicatedContact = (contactId: number): AppError =>
  new AppError('ERR_DUPLICATED_CONTACT', { field: 'number', data: { contactId } });

/** Every tag must be the tenant's; otherwise the field is rejected (never silently dropped). */
export const assertTagsOfTenant = async (tx: TExecutor, tenantId: number, tagIds: number[]): Promise<number[]> => {
  await assertOwnedIds(tx, tenantId, tags, 'tags', tagIds);
  return [...new Set(tagIds)];
};

/** Wallet owners are users of the same tenant. */
export const assertWalletsOfTenant = async (tx: TExecutor, tenantId: number, userIds: number[]): Promise<number[]> => {
  // The platform's superadmin is nobody's wallet owner.
  await assertOwnedIds(tx, tenantId, users, 'wallets', userIds, { where: ne(users.profile, 'superadmin') });
  return [...new Set(userIds)];
};

/** Tags, wallets and custom fields named in a body (each only when present), checked then stored. */
export const applyContactRelations = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  input: { tags?: number[]; wallets?: number[]; extraInfo?: TContactCustomField[] },
): Promise<void> => {
  if (input.tags) await replaceContactTags(tx, tenantId, contactId, await assertTagsOfTenant(tx, tenantId, input.tags));
  if (input.wallets)
    await replaceContactWallets(tx, tenantId, contactId, await assertWalletsOfTenant(tx, tenantId, input.wallets));
  if (input.extraInfo) await replaceCustomFields(tx, tenantId, contactId, input.extraInfo);
};
