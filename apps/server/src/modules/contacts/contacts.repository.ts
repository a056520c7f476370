import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import {
  contactCustomFields,
  contactIdentities,
  contacts,
  contactTags,
  contactWallets,
  tags,
  users,
} from '../../platform/db/schema.js';

export type TContactRow = typeof contacts.$inferSelect;
export type TContactValues = Omit<typeof contacts.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
export type TIdentityKind = (typeof contactIdentities.$inferSelect)['kind'];
/** `reported`: the channel's own form when it differs from the key in `value` (see the schema). */
export type TIdentity = { kind: TIdentityKind; value: string; reported?: string | null };

/** What a contact DTO shows besides its row, for a page of contacts. */
export type TContactExtras = {
  tags: Map<number, { id: number; tag: string; color: string }[]>;
  wallets: Map<number, { id: number; name: string }[]>;
  customFields: Map<number, { id: number; name: string; value: string }[]>;
  identities: Map<number, TIdentity[]>;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const buildContactSearch = (tenantId: number, options: { search?: string; tagIds?: number[] }): SQL | undefined => {
  const search = options.search?.trim();
  const digits = search?.replace(/\D/g, '') ?? '';
  const pattern = search ? `%${escapeLike(search)}%` : '';
  return and(
    eq(contacts.tenantId, tenantId),
    search
      ? or(
          ilike(contacts.name, pattern),
          ilike(contacts.email, pattern),
          // "(11) 98765" finds +5511987654321: numbers are compared on digits.
          digits.length >= 3 ? ilike(contacts.number, `%${digits}%`) : undefined,
        )
      : undefined,
    options.tagIds?.length
      ? sql`exists (select 1 from ${contactTags} where ${contactTags.tenantId} = ${tenantId} and ${contactTags.contactId} = ${contacts.id} and ${inArray(contactTags.tagId, options.tagIds)})`
      : undefined,
  );
};

export const findContactsPage = async (
  tx: TExecutor,
  tenantId: number,
  options: { search?: string; tagIds?: number[]; limit: number; offset: number },
): Promise<{ rows: TContactRow[]; count: number }> => {
  const where = buildContactSearch(tenantId, options);
  const rows = await tx
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(contacts).where(where);
  return { rows, count: total?.n ?? 0 };
};

export const findContactRow = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  options: { forUpdate?: boolean } = {},
): Promise<TContactRow | undefined> => {
  const query = tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
};

export const findContactRows = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
  options: { forUpdate?: boolean } = {},
): Promise<TContactRow[]> => {
  if (contactIds.length === 0) return [];
  const query = tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, contactIds)))
    .orderBy(asc(contacts.id));
  return options.forUpdate ? query.for('update') : query;
};

export const findContactExtras = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
): Promise<TContactExtras> => {
  const extras: TContactExtras = {
    tags: new Map(),
    wallets: new Map(),
    customFields: new Map(),
    identities: new Map(),
  };
  if (contactIds.length === 0) return extras;
  const [tagRows, walletRows, fieldRows, identityRows] = await Promise.all([
    tx
      .select({ contactId: contactTags.contactId, id: tags.id, tag: tags.tag, color: tags.color })
      .from(contactTags)
      .innerJoin(tags, and(eq(tags.id, contactTags.tagId), eq(tags.tenantId, contactTags.tenantId)))
      .where(and(eq(contactTags.tenantId, tenantId), inArray(contactTags.contactId, contactIds)))
      .orderBy(asc(tags.tag)),
    tx
      .select({ contactId: contactWallets.contactId, id: users.id, name: users.name })
      .from(contactWallets)
      .innerJoin(users, and(eq(users.id, contactWallets.userId), eq(users.tenantId, contactWallets.tenantId)))
      .where(and(eq(contactWallets.tenantId, tenantId), inArray(contactWallets.contactId, contactIds)))
      .orderBy(asc(users.name)),
    tx
      .select({
        contactId: contactCustomFields.contactId,
        id: contactCustomFields.id,
        name: contactCustomFields.name,
        value: contactCustomFields.value,
      })
      .from(contactCustomFields)
      .where(and(eq(contactCustomFields.tenantId, tenantId), inArray(contactCustomFields.contactId, contactIds)))
      .orderBy(asc(contactCustomFields.id)),
    tx
      .select({ contactId: contactIdentities.contactId, kind: contactIdentities.kind, value: contactIdentities.value })
      .from(contactIdentities)
      .where(and(eq(contactIdentities.tenantId, tenantId), inArray(contactIdentities.contactId, contactIds)))
      .orderBy(asc(contactIdentities.id)),
  ]);
  const push = <T>(map: Map<number, T[]>, key: number, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const { contactId, ...tag } of tagRows) push(extras.tags, contactId, tag);
  for (const { contactId, ...wallet } of walletRows) push(extras.wallets, contactId, wallet);
  for (const { contactId, ...field } of fieldRows) push(extras.customFields, contactId, field);
  for (const { contactId, ...identity } of identityRows) push(extras.identities, contactId, identity);
  return extras;
};

export const insertContact = async (tx: TExecutor, tenantId: number, values: TContactValues): Promise<TContactRow> => {
  const [row] = await tx
    .insert(contacts)
    .values({ ...values, tenantId })
    .returning();
  return row as TContactRow;
};

/** Several new contacts in one statement, returned in the order given. */
export const insertContacts = async (
  tx: TExecutor,
  tenantId: number,
  values: TContactValues[],
): Promise<TContactRow[]> => {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(contacts)
    .values(values.map((value) => ({ ...value, tenantId })))
    .returning();
  // Ids follow the order of the rows inserted; sorting by id makes that explicit.
  return rows.sort((a, b) => a.id - b.id);
};

export const updateContactRow = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  values: Partial<TContactValues>,
): Promise<TContactRow | undefined> => {
  const [row] = await tx
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
    .returning();
  return row;
};

/** Puts a contact on a kanban lane (null: on none); false when it was there already or is not the tenant's. */
export const updateContactLane = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  kanban: number | null,
): Promise<boolean> => {
  const rows = await tx
    .update(contacts)
    .set({ kanban, updatedAt: new Date() })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        sql`${contacts.kanban} is distinct from ${kanban}`,
      ),
    )
    .returning({ id: contacts.id });
  return rows.length > 0;
};

export const deleteContactRows = async (tx: TExecutor, tenantId: number, contactIds: number[]): Promise<number> => {
  if (contactIds.length === 0) return 0;
  const rows = await tx
    .delete(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, contactIds)))
    .returning({ id: contacts.id });
  return rows.length;
};

// Tags, wallets, custom fields --------------------------------------------------------------------------------

export const replaceContactTags = async (tx: TExecutor, tenantId: number, contactId: number, tagIds: number[]) => {
  await tx.delete(contactTags).where(and(eq(contactTags.tenantId, tenantId), eq(contactTags.contactId, contactId)));
  if (tagIds.length === 0) return;
  await tx.insert(contactTags).values(tagIds.map((tagId) => ({ tenantId, contactId, tagId })));
};

export const replaceContactWallets = async (tx: TExecutor, tenantId: number, contactId: number, userIds: number[]) => {
  await tx
    .delete(contactWallets)
    .where(and(eq(contactWallets.tenantId, tenantId), eq(contactWallets.contactId, contactId)));
  if (userIds.length === 0) return;
  await tx.insert(contactWallets).values(userIds.map((userId) => ({ tenantId, contactId, userId })));
};

/**
 * Makes the contact's custom fields exactly `fields`: a field whose id is one of the contact's keeps its id,
 * the others are new; fields left out are removed.
 */
export const replaceCustomFields = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  fields: { id?: number; name: string; value: string }[],
): Promise<void> => {
  const ofContact = and(eq(contactCustomFields.tenantId, tenantId), eq(contactCustomFields.contactId, contactId));
  const current = await tx.select({ id: contactCustomFields.id }).from(contactCustomFields).where(ofContact);
  const currentIds = new Set(current.map((r) => r.id));
  const kept = fields.filter((f) => f.id !== undefined && currentIds.has(f.id));
  const keptIds = new Set(kept.map((f) => f.id));
  const removed = [...currentIds].filter((id) => !keptIds.has(id));
  if (removed.length > 0)
    await tx.delete(contactCustomFields).where(and(ofContact, inArray(contactCustomFields.id, removed)));
  for (const field of kept) {
    await tx
      .update(contactCustomFields)
      .set({ name: field.name, value: field.value })
      .where(and(ofContact, eq(contactCustomFields.id, field.id as number)));
  }
  const added = fields.filter((f) => !kept.includes(f));
  if (added.length > 0)
    await tx
      .insert(contactCustomFields)
      .values(added.map((f) => ({ tenantId, contactId, name: f.name, value: f.value })));
};

// Export --------------------------------------------------------------------------------------------------------

export const findContactsForExport = (tx: TExecutor, tenantId: number) =>
  tx
    .select({
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      cpf: contacts.cpf,
      birthday: contacts.birthday,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      businessName: contacts.businessName,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.isGroup, false)))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
