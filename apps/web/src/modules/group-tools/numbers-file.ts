import { ZGroupNumber } from '@prosa/contracts';

/** Header names of a number column (lower case, accents removed), the ones the campaigns' CSV reads too. */
const numberHeaders = ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp', 'fone'];

/** A line of the file that gave no number: its line number (from 1) and its text, cut short. */
export type TIgnoredLine = { line: number; text: string };

/** What a file of numbers held: the valid numbers (digits only, each once), the repeats, the lines left out. */
export type TNumbersFile = { numbers: string[]; duplicates: number; ignored: TIgnoredLine[] };

const headerName = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The file's text: UTF-8, or Windows-1252 as spreadsheets on Windows save it. */
export const decodeNumbersFile = (bytes: ArrayBuffer | Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** The separator of the file's cells, from its first line: the commonest of `;`, `,` and tab, or none. */
const separatorOf = (line: string): string | null => {
  const counts = [';', ',', '\t'].map((separator) => [separator, line.split(separator).length - 1] as const);
  const [separator, count] = counts.reduce((best, next) => (next[1] > best[1] ? next : best));
  return count > 0 ? separator : null;
};

/** A line's cells, a quoted cell ("1;2") kept whole and its quotes taken off. */
const cellsOf = (line: string, separator: string | null): string[] => {
  if (!separator) return [line];
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
};

/** A cell's number as the group actions take it (its digits, 8 to 15 of them), or null. */
const numberOf = (cell: string | undefined) => {
  const parsed = ZGroupNumber.safeParse(cell ?? '');
  return parsed.success ? parsed.data : null;
};

/**
 * Reads a .csv or .txt of numbers: with a header naming a number column (`numero`, `número`, `telefone`,
 * `phone`, `number`...), that column of each row; without one, each line's first cell holding a number (one
 * number per line). Digits only are kept; blank lines are skipped; a line without a valid number is ignored
 * and reported by its line number.
 */
export const parseNumbersFile = (text: string): TNumbersFile => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const result: TNumbersFile = { numbers: [], duplicates: 0, ignored: [] };
  const firstAt = lines.findIndex((line) => line.trim());
  if (firstAt < 0) return result;
  const separator = separatorOf(lines[firstAt] ?? '');
  const columnAt = cellsOf(lines[firstAt] ?? '', separator)
    .map(headerName)
    .findIndex((name) => numberHeaders.includes(name));
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (!line.trim() || (columnAt >= 0 && index === firstAt)) return;
    const cells = cellsOf(line, separator);
    const number = columnAt >= 0 ? numberOf(cells[columnAt]) : (cells.map(numberOf).find(Boolean) ?? null);
    if (!number) result.ignored.push({ line: index + 1, text: line.trim().slice(0, 40) });
    else if (seen.has(number)) result.duplicates += 1;
    else {
      seen.add(number);
      result.numbers.push(number);
    }
  });
  return result;
};

/** Numbers as typed in the field: one per line, or separated by commas or semicolons. */
export const splitNumbers = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((number) => number.trim())
    .filter(Boolean);

/** The field's numbers with the file's appended, none twice (compared by digits); how many were new. */
export const mergeNumbers = (typed: string, imported: readonly string[]) => {
  const current = splitNumbers(typed);
  const known = new Set(current.map((number) => number.replace(/\D/g, '')));
  const fresh = imported.filter((number) => !known.has(number));
  return { text: [...current, ...fresh].join('\n'), added: fresh.length };
};
