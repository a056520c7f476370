import type { TCampaignImportReport } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { findOrCreatePhoneContacts } from '../contacts/contacts.service.js';
import { addCampaignContacts } from './campaign-audience.js';
import type { TNewCampaignContact } from './campaign-contacts.repository.js';
import type { TCampaignCsvRow } from './campaign-csv.js';

/** Rows per transaction: short ones, so a 200,000-row file does not hold the database (PGlite runs one at a time). */
export const CSV_CHUNK_ROWS = 1000;

const phoneErrors: Record<string, string> = {
  NOT_A_NUMBER: 'não é um número de telefone',
  TOO_SHORT: 'número curto demais',
  TOO_LONG: 'número longo demais',
  INVALID_COUNTRY: 'código de país desconhecido',
  INVALID_LENGTH: 'número com quantidade de dígitos inválida',
};

/**
 * One chunk of a CSV's rows into a campaign (locked by the caller), in the caller's transaction: each number
 * becomes its contact (found by either form of the number, or created), its other columns the row's
 * variables. A bad number is reported by its line; a number already in the campaign (or twice in the file)
 * counts as a duplicate and keeps its first row.
 */
export const importCsvRows = async (
  deps: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  rows: TCampaignCsvRow[],
): Promise<TCampaignImportReport> => {
  const people = rows.map((row) => ({ number: row.number, name: row.name }));
  const contacts = await findOrCreatePhoneContacts(deps, tx, tenantId, people);
  const adding: TNewCampaignContact[] = [];
  const errors: TCampaignImportReport['errors'] = [];
  contacts.forEach((result, index) => {
    const row = rows[index];
    if (!row) return;
    if (result.ok) adding.push({ contactId: result.contactId, variables: row.variables });
    else errors.push({ row: row.line, field: 'number', message: phoneErrors[result.error] ?? 'número inválido' });
  });
  const { added, duplicates } = await addCampaignContacts(tx, tenantId, campaignId, adding);
  return { added, duplicates, errors };
};

/** The rows from `start`, one chunk of them. */
export const csvChunkAt = (rows: TCampaignCsvRow[], start: number) => rows.slice(start, start + CSV_CHUNK_ROWS);
