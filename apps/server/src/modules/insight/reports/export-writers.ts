import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { TExportFormat, TReportColumn } from '@prosa/contracts';
import { stringify } from 'csv-stringify';

/** Where an export writes its rows, one batch at a time, into a file; `close` finishes the file. */
export type TExportWriter = {
  write: (cells: (string | number)[][]) => Promise<void>;
  /** A line after the rows (the row cap was reached). */
  note: (text: string) => Promise<void>;
  close: () => Promise<void>;
};

/** What the file's head says: the report's title, its filters and when it was made. */
export type TExportHeader = { title: string; filters: string; generatedAt: string };

export const exportMime: Record<TExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** CSV: UTF-8 with a BOM (Excel then reads accents right), `,` between fields, texts quoted. */
const csvWriter = async (file: string, columns: readonly TReportColumn[]): Promise<TExportWriter> => {
  const out = createWriteStream(file);
  const csv = stringify({ bom: true, quoted_string: true, record_delimiter: 'windows' });
  csv.pipe(out);
  const put = async (record: (string | number)[]) => {
    if (!csv.write(record)) await once(csv, 'drain');
  };
  await put(columns.map((c) => c.label));
  return {
    write: async (rows) => {
      for (const row of rows) await put(row);
    },
    note: (text) => put([text]),
    close: async () => {
      csv.end();
      await once(out, 'close');
    },
  };
};

/** XLSX: one sheet written as a stream (a 100k-row export never sits whole in memory), header row bold. */
const xlsxWriter = async (file: string, columns: readonly TReportColumn[]): Promise<TExportWriter> => {
  // Loaded on the first export: the library is large and most servers never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const sheet = workbook.addWorksheet('Relatório');
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(12, c.label.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  return {
    write: async (rows) => {
      for (const row of rows) sheet.addRow(row).commit();
    },
    note: async (text) => {
      sheet.addRow([text]).commit();
    },
    close: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
};

const PAGE = { margin: 28, size: 'A4' as const, layout: 'landscape' as const };
const ROW_HEIGHT = 12;
const columnWeights: Record<TReportColumn['type'], number> = {
  text: 1.5,
  datetime: 1.9,
  date: 1,
  duration: 0.85,
  number: 0.6,
  percent: 0.6,
  rating: 0.6,
};

/** PDF: a plain table on landscape A4 pages, the header on the first page and the column names on each. */
const pdfWriter = async (
  file: string,
  columns: readonly TReportColumn[],
  header: TExportHeader,
): Promise<TExportWriter> => {
  // Loaded on the first export, as the spreadsheet's library.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ ...PAGE, info: { Title: header.title } });
  const out = createWriteStream(file);
  doc.pipe(out);
  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  // Widths by what a column holds: names and dates need room, counts and ratings little.
  const weights = columns.map((c) => columnWeights[c.type]);
  const unit = width / weights.reduce((sum, w) => sum + w, 0);
  const starts = weights.map((_, i) => left + weights.slice(0, i).reduce((sum, w) => sum + w, 0) * unit);
  const bottom = () => doc.page.height - PAGE.margin - ROW_HEIGHT;
  let y = PAGE.margin;
  // A wide report (the tickets' twenty columns) gets a smaller type; column names may take two lines.
  const fontSize = columns.length > 12 ? 6 : 7;
  const line = (cells: string[], bold: boolean) => {
    const height = bold ? ROW_HEIGHT * 2 : ROW_HEIGHT;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    cells.forEach((cell, i) => {
      doc.text(cell, starts[i] ?? left, y, {
        width: (weights[i] ?? 1) * unit - 4,
        height,
        lineBreak: bold,
        ellipsis: true,
      });
    });
    y += height;
    if (bold)
      doc
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.5)
        .stroke();
  };
  const names = columns.map((c) => c.label);
  doc.font('Helvetica-Bold').fontSize(14).text(header.title, left, y);
  doc.font('Helvetica').fontSize(8).text(`Filtros: ${header.filters}`, { width });
  doc.text(`Gerado em: ${header.generatedAt}`, { width });
  y = doc.y + 8;
  line(names, true);
  const nextRow = () => {
    if (y <= bottom()) return;
    doc.addPage(PAGE);
    y = PAGE.margin;
    line(names, true);
  };
  return {
    write: async (rows) => {
      for (const row of rows) {
        nextRow();
        line(
          row.map((cell) => String(cell)),
          false,
        );
      }
    },
    note: async (text) => {
      nextRow();
      doc.font('Helvetica-Bold').fontSize(fontSize).text(text, left, y, { width });
    },
    close: async () => {
      doc.end();
      await once(out, 'close');
    },
  };
};

export const openExportWriter = (
  format: TExportFormat,
  file: string,
  columns: readonly TReportColumn[],
  header: TExportHeader,
): Promise<TExportWriter> => {
  switch (format) {
    case 'csv':
      return csvWriter(file, columns);
    case 'xlsx':
      return xlsxWriter(file, columns);
    case 'pdf':
      return pdfWriter(file, columns, header);
    default: {
      const never: never = format;
      throw new Error(`unknown export format ${String(never)}`);
    }
  }
};
