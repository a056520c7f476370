import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { refuseBadText } from '../../platform/input-guard.js';

/** The largest CSV accepted: 200,000 rows with a few columns each. */
export const CSV_MAX_BYTES = 64 * 1024 * 1024;

/** Refusals keep their code; what the multipart parser throws on a cut or malformed body becomes a 400. */
const asUploadError = (error: unknown) => {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('ERR_UPLOAD_MALFORMED', {
    field: 'file',
    detail: error instanceof Error ? error.message : 'malformed multipart body',
  });
};

/**
 * Reads a multipart form holding one CSV in `file` and text fields, whole: the CSV's bytes are kept in memory
 * (never stored), the fields checked by the input guard. A second file is 400 naming `file`.
 */
export const readCsvForm = async (
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; csv: Buffer | undefined }> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'multipart/form-data' });
  const fields: Record<string, string> = {};
  let csv: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String((part as MultipartValue).value);
        continue;
      }
      const file = part as MultipartFile;
      const bytes = await file.toBuffer();
      if (file.fieldname !== 'file' || csv)
        throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'one CSV file in "file"' });
      csv = bytes;
    }
  } catch (error) {
    throw asUploadError(error);
  }
  refuseBadText({ body: fields });
  return { fields, csv };
};

/** The form's CSV; a form without one is 400 naming `file`. */
export const requireCsv = (csv: Buffer | undefined): Buffer => {
  if (!csv) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'one CSV file in "file"' });
  return csv;
};

/** A form's `data` field (JSON) read through a contract schema: 400 naming the field that failed. */
export const parseDataField = <T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> => {
  let value: unknown;
  try {
    value = JSON.parse(fields.data ?? '{}');
  } catch {
    throw new AppError('ERR_VALIDATION', { field: 'data', detail: 'JSON inválido' });
  }
  // JSON escapes can still spell NUL or a lone surrogate: checked once parsed.
  refuseBadText({ body: value });
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('ERR_VALIDATION', {
    field: issue?.path.length ? issue.path.join('.') : 'data',
    detail: issue?.message ?? 'inválido',
  });
};
