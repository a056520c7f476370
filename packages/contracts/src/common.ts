import { z } from 'zod';

/** Numeric id in a path or query string ("12" -> 12). */
export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });

export const ZPageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  searchParam: z.string().trim().max(200).optional(),
});

export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
export const ZDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');
export const ZHexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'hex colour');

export const ZOk = z.object({ ok: z.literal(true) });
export const ZErrorBody = z.object({ error: z.string(), message: z.string(), field: z.string().optional() });
