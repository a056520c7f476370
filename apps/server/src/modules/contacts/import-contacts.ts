import type { TContactImportResult } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findIdentityOwners, insertIdentities, lockIdentities } from './contact-identities.repository.js';
import { parseContactPhone } from './contact-rules.js';
import { toContactDtos } from './contacts.dto.js';
import { publishContactCreated, publishContactUpdated } from './contacts.events.js';
import {
  findContactRow,
  findContactRows,
  insertContact,
  type TContactValues,
  updateContactRow,
} from './contacts.repository.js';
import { parseContactsCsv, readImportedContact, type TCsvProblem, type TImportedContact } from './contacts-csv.js';

/** Rows per transaction: short transactions, since PGlite runs them one after another. */
const CHUNK = 200;

const parseNumber = (input: string) => {
  const parsed = parseContactPhone(input);
  return parsed.ok ? ({ ok: true, e164: parsed.phone.e164 } as const) : parsed;
};

type TSaved = { outcome: 'created' | 'updated'; contactId: number; fields: string[] };

/** Creates the row's contact, or updates the one that has its number (either form of a Brazilian mobile). */
const saveRow = async (tx: TExecutor, tenantId: number, row: TImportedContact): Promise<TSaved> => {
  const phone = parseContactPhone(row.number);
  if (!phone.ok) throw new Error('unreachable: the row was checked');
  const identity = { kind: 'phone' as const, value: phone.phone.key };
  await lockIdentities(tx, tenantId, [identity]);
  const [owner] = await findIdentityOwners(tx, tenantId, [identity]);
  // Empty cells never erase what the contact already has.
  const given: Partial<TContactValues> = Object.fromEntries(
    Object.entries({
      name: row.name,
      email: row.email,
      cpf: row.cpf,
      birthday: row.birthday,
      firstName: row.firstName,
      lastName: row.lastName,
      businessName: row.businessName,
    }).filter(([, value]) => value !== null),
  );
  if (owner) {
    const current = await findContactRow(tx, tenantId, owner.contactId);
    const fields = Object.keys(given).filter((key) => current?.[key as keyof typeof current] !== given[key as never]);
    if (fields.length > 0) await updateContactRow(tx, tenantId, owner.contactId, given);
    return { outcome: 'updated', contactId: owner.contactId, fields };
  }
  const created = await insertContact(tx, tenantId, {
    ...given,
    name: row.name ?? ([row.firstName, row.lastName].filter(Boolean).join(' ') || phone.phone.e164),
    number: phone.phone.e164,
  });
  await insertIdentities(tx, tenantId, created.id, [identity], { ignoreTaken: false });
  return { outcome: 'created', contactId: created.id, fields: [] };
};

/**
 * Announces what a chunk of rows made or changed (a contact named twice in it, once), with the contacts as
 * committed, read together: four queries per chunk rather than per row.
 */
const announceChunk = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  saved: TSaved[],
): Promise<void> => {
  const changes = new Map<number, { created: boolean; fields: Set<string> }>();
  for (const { outcome, contactId, fields } of saved) {
    const change = changes.get(contactId) ?? { created: false, fields: new Set<string>() };
    change.created ||= outcome === 'created';
    for (const field of fields) change.fields.add(field);
    if (change.created || change.fields.size > 0) changes.set(contactId, change);
  }
  if (changes.size === 0) return;
  const dtos = await toContactDtos(tx, tenantId, await findContactRows(tx, tenantId, [...changes.keys()]));
  for (const contact of dtos) {
    const change = changes.get(contact.id);
    if (!change) continue;
    if (change.created) await publishContactCreated(services, tx, tenantId, contact.id, contact);
    else
      await publishContactUpdated(services, tx, tenantId, {
        contactId: contact.id,
        fields: [...change.fields],
        contact,
      });
  }
};

/**
 * CSV import: every row is checked on its own and reported by line; a bad row never stops the others. The
 * number is the row's key, so importing the same file again updates instead of duplicating.
 */
export const importContacts = async (options: {
  services: Pick<TServices, 'db' | 'events' | 'log'>;
  tenantId: number;
  csv: string;
}): Promise<TContactImportResult> => {
  const { services, tenantId } = options;
  const { rows, problems } = parseContactsCsv(options.csv);
  const errors: TCsvProblem[] = [...problems];
  const valid: { line: number; contact: TImportedContact }[] = [];
  for (const row of rows) {
    const read = readImportedContact(row, parseNumber);
    if (read.ok) valid.push({ line: row.line, contact: read.contact });
    else errors.push(...read.problems);
  }
  const result = { created: 0, updated: 0 };
  for (let start = 0; start < valid.length; start += CHUNK) {
    await withTenant(services.db, tenantId, async (tx) => {
      const saved: TSaved[] = [];
      for (const { line, contact } of valid.slice(start, start + CHUNK)) {
        try {
          // A savepoint per row: a failure undoes that row only (and only rows that held are announced).
          saved.push(await tx.transaction((row) => saveRow(row, tenantId, contact)));
        } catch (error) {
          services.log.warn({ err: error, tenantId, line }, 'contact import row failed');
          errors.push({ row: line, field: 'row', error: 'ERR_INTERNAL' });
        }
      }
      for (const { outcome } of saved) result[outcome] += 1;
      await announceChunk(services, tx, tenantId, saved);
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { ...result, errors };
};
