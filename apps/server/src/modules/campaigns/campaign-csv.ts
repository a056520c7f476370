import { CAMPAIGN_CONTACTS_MAX, type TCampaignImportReport } from '@prosa/contracts';
import { readCsvRecords } from '../../platform/csv-records.js';
import { AppError } from '../../platform/errors.js';

/** One row of a campaign's CSV: its line in the file, the number as typed, a name, and the other columns. */
export type TCampaignCsvRow = { line: number; number: string; name: string | null; variables: Record<string, string> };
export type TCampaignCsvError = TCampaignImportReport['errors'][number];

/** Header names of the number and name columns (lower case, accents removed). */
const numberHeaders = ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp', 'fone'];
const nameHeaders = ['name', 'nome'];
/** Columns a file may have, and the longest value kept of a cell. */
const MAX_COLUMNS = 50;
const MAX_CELL = 1024;

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
const normaliseHeader = (cell: string) => withoutAccents(cell).trim().toLowerCase();
/** A header as a {{variable}} name: accents off, anything but letters, digits, `_`, `.`, `-` as `_`. */
export const variableNameOf = (header: string) =>
  withoutAccents(header)
    .trim()
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 40);

/** The file's text: UTF-8, or Windows-1252 as spreadsheets on Windows save it; binary is no CSV. */
export const decodeCsv = (bytes: Buffer): string => {
  if (bytes.length === 0 || bytes.includes(0)) throw new AppError('ERR_CAMPAIGN_CSV', { field: 'file' });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** The file's records; a line that cannot be read is reported, in Portuguese, by its number. */
const readRecords = (text: string) => {
  const { records, broken } = readCsvRecords(text);
  const errors: TCampaignCsvError[] = broken.map(({ row, code }) => ({
    row,
    field: 'csv',
    message: code === 'CSV_QUOTE_NOT_CLOSED' ? 'o arquivo para de ser legível nesta linha' : 'linha ilegível no CSV',
  }));
  return { records, errors };
};

/**
 * Reads a campaign's CSV: a header row is required, with a number column (`number`, `numero`, `telefone`...),
 * an optional name (`name`, `nome`), and every other column a variable of its row ({{Cidade}}). A file
 * without a number column is no campaign CSV (400 ERR_CAMPAIGN_CSV); a row without a number is reported.
 * Numbers are checked by the caller (the contacts module's rules).
 */
export const parseCampaignCsv = (text: string): { rows: TCampaignCsvRow[]; errors: TCampaignCsvError[] } => {
  const { records, errors } = readRecords(text);
  const [header, ...body] = records;
  const headers = header?.cells.map(normaliseHeader) ?? [];
  const numberAt = headers.findIndex((cell) => numberHeaders.includes(cell));
  if (!header || numberAt < 0 || headers.length > MAX_COLUMNS)
    throw new AppError('ERR_CAMPAIGN_CSV', { field: 'file' });
  if (body.length > CAMPAIGN_CONTACTS_MAX) throw new AppError('ERR_CAMPAIGN_TOO_MANY_CONTACTS');
  const nameAt = headers.findIndex((cell) => nameHeaders.includes(cell));
  const names = header.cells.map(variableNameOf);
  const rows: TCampaignCsvRow[] = [];
  for (const { line, cells } of body) {
    if (cells.every((cell) => cell === '')) continue;
    const number = cells[numberAt] ?? '';
    if (number === '') {
      errors.push({ row: line, field: 'number', message: 'número em branco' });
      continue;
    }
    const variables: Record<string, string> = {};
    cells.forEach((cell, index) => {
      const name = names[index];
      if (index !== numberAt && name && cell !== '') variables[name] = cell.slice(0, MAX_CELL);
    });
    rows.push({ line, number, name: nameAt >= 0 ? cells[nameAt]?.slice(0, 200) || null : null, variables });
  }
  return { rows, errors };
};

/** A CSV's bytes read as a campaign's file: 400 ERR_CAMPAIGN_CSV when it is none. */
export const readCampaignCsv = (bytes: Buffer) => parseCampaignCsv(decodeCsv(bytes));
