import { birthdayPattern, contactCsvColumns, isValidCpf, type TContactCsvColumn } from '@prosa/contracts';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { readCsvRecords } from '../../platform/csv-records.js';

export type TCsvRow = { line: number; values: Partial<Record<TContactCsvColumn, string>> };
export type TCsvProblem = { row: number; field: string; error: string };

/** Header names accepted for each column (lower case, accents removed), English and Portuguese. */
const headerAliases: Record<TContactCsvColumn, string[]> = {
  name: ['name', 'nome', 'nome completo'],
  number: ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp', 'fone'],
  email: ['email', 'e-mail', 'mail'],
  cpf: ['cpf'],
  birthday: ['birthday', 'birthdaydate', 'aniversario', 'nascimento', 'data de nascimento', 'data nascimento'],
  firstName: ['firstname', 'first name', 'first_name', 'primeiro nome', 'primeironome'],
  lastName: ['lastname', 'last name', 'last_name', 'sobrenome', 'ultimo nome'],
  business: ['business', 'businessname', 'business name', 'empresa', 'razao social'],
};

const normaliseHeader = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const columnOfHeader = (cell: string): TContactCsvColumn | undefined => {
  const name = normaliseHeader(cell);
  return contactCsvColumns.find((column) => headerAliases[column].includes(name));
};

/**
 * Reads an import file: `;` or `,` separated, optional header row (then columns may come in any order and
 * carry Portuguese names), BOM and blank lines ignored. A broken line (say, an unclosed quote) is reported
 * and reading goes on where possible; it never loses the rows read before it.
 */
export const parseContactsCsv = (text: string): { rows: TCsvRow[]; problems: TCsvProblem[] } => {
  const { records, broken } = readCsvRecords(text);
  const problems: TCsvProblem[] = broken.map(({ row, code }) => ({ row, field: 'csv', error: code }));
  const [first] = records;
  const headerColumns = first?.cells.map(columnOfHeader);
  const hasHeader = (headerColumns?.filter(Boolean).length ?? 0) >= 2;
  const columns = hasHeader ? (headerColumns as (TContactCsvColumn | undefined)[]) : [...contactCsvColumns];
  const rows = (hasHeader ? records.slice(1) : records)
    .filter((record) => record.cells.some((cell) => cell !== ''))
    .map(({ line, cells }) => {
      const values: TCsvRow['values'] = {};
      columns.forEach((column, index) => {
        const cell = cells[index];
        if (column && cell) values[column] = unneutraliseFormula(cell);
      });
      return { line, values };
    });
  return { rows, problems };
};

/** A row ready to be stored: every value checked and normalised. */
export type TImportedContact = {
  /** Null when the row has none: a new contact is then named after the person's names or number. */
  name: string | null;
  number: string;
  email: string | null;
  cpf: string | null;
  birthday: string | null;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
};

const ZEmailCell = z.email();

/** 1/2/1990, 01/02, 1990-02-01 -> DD/MM[/YYYY]; undefined when it is not a date. */
export const normaliseBirthday = (input: string): string | undefined => {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  const br = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}))?$/.exec(input);
  const [day, month, year] = iso ? [iso[3], iso[2], iso[1]] : br ? [br[1], br[2], br[3]] : [];
  if (!day || !month) return undefined;
  const text = `${day.padStart(2, '0')}/${month.padStart(2, '0')}${year ? `/${year}` : ''}`;
  return birthdayPattern.test(text) ? text : undefined;
};

/**
 * Checks one row. The phone number is required (it is what makes a re-import update instead of duplicate);
 * `parsePhone` is the caller's, so the number's error is libphonenumber's code.
 */
export const readImportedContact = (
  row: TCsvRow,
  parsePhoneNumber: (input: string) => { ok: true; e164: string } | { ok: false; error: string },
): { ok: true; contact: TImportedContact } | { ok: false; problems: TCsvProblem[] } => {
  const { values } = row;
  const problems: TCsvProblem[] = [];
  const fail = (field: string, error: string) => problems.push({ row: row.line, field, error });
  const text = (value: string | undefined, field: string, max: number) => {
    if (value && value.length > max) fail(field, 'TOO_LONG');
    return value || null;
  };

  let number = '';
  if (!values.number) fail('number', 'REQUIRED');
  else {
    const parsed = parsePhoneNumber(values.number);
    if (parsed.ok) number = parsed.e164;
    else fail('number', parsed.error);
  }
  const email = values.email?.toLowerCase() ?? null;
  if (email && !ZEmailCell.safeParse(email).success) fail('email', 'INVALID_EMAIL');
  const cpf = values.cpf ? values.cpf.replace(/\D/g, '') : null;
  if (cpf !== null && !isValidCpf(cpf)) fail('cpf', 'INVALID_CPF');
  const birthday = values.birthday ? (normaliseBirthday(values.birthday) ?? null) : null;
  if (values.birthday && !birthday) fail('birthday', 'INVALID_BIRTHDAY');
  const firstName = text(values.firstName, 'firstName', 120);
  const lastName = text(values.lastName, 'lastName', 120);
  const businessName = text(values.business, 'business', 200);
  const name = text(values.name, 'name', 200);

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, contact: { name, number, email, cpf, birthday, firstName, lastName, businessName } };
};

// NOTE: names come from customers (WhatsApp push names): a cell starting with = + - @ would run as a formula
// when the export is opened in a spreadsheet. Such cells are written with a leading apostrophe, which the
// import takes off again. Numbers (E.164, starting with +) are ours and are left alone.
const formulaStart = /^[=+\-@\t\r]/;
const neutraliseFormula = (value: string) => (formulaStart.test(value) ? `'${value}` : value);
const unneutraliseFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export type TExportedContact = {
  name: string;
  number: string | null;
  email: string | null;
  cpf: string | null;
  birthday: string | null;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
};

/** The export file: header row, `;` separated, UTF-8 with a BOM (so spreadsheets read the accents right). */
export const stringifyContactsCsv = (contacts: TExportedContact[]): string => {
  const safe = (value: string | null) => (value ? neutraliseFormula(value) : '');
  return `\uFEFF${stringify(
    contacts.map((c) => [
      safe(c.name),
      c.number ?? '',
      safe(c.email),
      c.cpf ?? '',
      c.birthday ?? '',
      safe(c.firstName),
      safe(c.lastName),
      safe(c.businessName),
    ]),
    { header: true, columns: [...contactCsvColumns], delimiter: ';', record_delimiter: '\r\n' },
  )}`;
};
