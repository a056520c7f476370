import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file: the line it starts on and its cells, trimmed. */
export type TCsvRecord = { line: number; cells: string[] };
/** A line the reader could not read: where, and csv-parse's code for why. */
export type TCsvBrokenLine = { row: number; code: string };

/** `;` (the family's and Brazilian spreadsheets' separator) unless the first line has only commas, or tabs. */
export const detectCsvDelimiter = (text: string): string => {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  if (count(';') > 0) return ';';
  if (count(',') > 0) return ',';
  return count('\t') > 0 ? '\t' : ';';
};

/**
 * The records of a CSV file as people make them: separator detected, BOM, blank lines and mixed line endings
 * ignored, ragged rows and stray quotes tolerated. A broken line (an unclosed quote, say) is reported and
 * reading goes on where possible; it never loses the records read before it.
 */
export const readCsvRecords = (text: string): { records: TCsvRecord[]; broken: TCsvBrokenLine[] } => {
  const records: TCsvRecord[] = [];
  const broken: TCsvBrokenLine[] = [];
  try {
    parse(text, {
      delimiter: detectCsvDelimiter(text.replace(/^\uFEFF/, '')),
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
      on_skip: (error) => {
        if (error) broken.push({ row: Number(error.lines), code: error.code });
        return undefined;
      },
      on_record: (record: string[], context) => {
        records.push({ line: context.lines, cells: record });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    broken.push({ row: Number(error.lines), code: error.code });
  }
  return { records, broken };
};
