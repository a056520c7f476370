import type { TCampaignImportReport } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findOrCreatePhoneContacts } from '../contacts/contacts.service.js';
import { addCampaignContacts } from './campaign-audience.js';
import type { TNewCampaignContact } from './campaign-contacts.repository.js';
import { decodeCsv, parseCampaignCsv } from './campaign-csv.js';
import { assertCampaignEditable, assertEditable, lockCampaign } from './campaign-rules.js';
import { readCsvForm, requireCsv } from './campaign-upload.js';

type TDeps = Pick<TServices, 'db' | 'events'>;

/** Rows per transaction: short ones, so a 200,000-row file does not hold the database (PGlite runs one at a time). */
const CHUNK = 1000;

const phoneErrors: Record<string, string> = {
  NOT_A_NUMBER: 'não é um número de telefone',
  TOO_SHORT: 'número curto demais',
  TOO_LONG: 'número longo demais',
  INVALID_COUNTRY: 'código de país desconhecido',
  INVALID_LENGTH: 'número com quantidade de dígitos inválida',
};

/**
 * Adds a CSV's rows to a campaign that is not running: each number becomes its contact (found by either form
 * of the number, or created), its other columns the row's variables. Bad rows are reported by line and the
 * others go in; a number already in the campaign (or twice in the file) counts as a duplicate and keeps its
 * first row. Chunks of 1,000 rows, each in its own transaction.
 */
export const importCsvInto = async (
  deps: TDeps,
  tenantId: number,
  campaignId: number,
  bytes: Buffer,
): Promise<TCampaignImportReport> => {
  const { rows, errors } = parseCampaignCsv(decodeCsv(bytes));
  const report: TCampaignImportReport = { added: 0, duplicates: 0, errors };
  // A file of bad rows only still answers for the campaign (404 for another tenant's, 409 when running).
  const chunks: (typeof rows)[] = rows.length === 0 ? [[]] : [];
  for (let start = 0; start < rows.length; start += CHUNK) chunks.push(rows.slice(start, start + CHUNK));
  for (const chunk of chunks) {
    await withTenant(deps.db, tenantId, async (tx) => {
      assertEditable(await lockCampaign(tx, tenantId, campaignId));
      const people = chunk.map((row) => ({ number: row.number, name: row.name }));
      const contacts = await findOrCreatePhoneContacts(deps, tx, tenantId, people);
      const adding: TNewCampaignContact[] = [];
      contacts.forEach((result, index) => {
        const row = chunk[index];
        if (!row) return;
        if (result.ok) adding.push({ contactId: result.contactId, variables: row.variables });
        else
          report.errors.push({
            row: row.line,
            field: 'number',
            message: phoneErrors[result.error] ?? 'número inválido',
          });
      });
      const { added, duplicates } = await addCampaignContacts(tx, tenantId, campaignId, adding);
      report.added += added;
      report.duplicates += duplicates;
    });
  }
  report.errors.sort((a, b) => a.row - b.row);
  return report;
};

/** POST /campaigns/:id/csv (multipart, the CSV in `file`). */
export const uploadCampaignCsv = async (
  deps: TDeps,
  ctx: TRequestContext,
  campaignId: number,
  req: FastifyRequest,
): Promise<TCampaignImportReport> => {
  await assertCampaignEditable(deps.db, ctx.tenantId, campaignId);
  const { csv } = await readCsvForm(req);
  return importCsvInto(deps, ctx.tenantId, campaignId, requireCsv(csv));
};
