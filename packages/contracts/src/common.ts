import { z } from 'zod';
import { hexColorPattern } from './system-colors.js';

/** PostgreSQL's integer: the largest row id (and counter) a column holds. */
export const INT4_MAX = 2_147_483_647;
const idMessage = `deve ser um número inteiro entre 1 e ${INT4_MAX}`;

/** A row id in a JSON body: a positive integer that fits the column (a larger one is refused, never sent on). */
export const ZRowId = z.number(idMessage).int(idMessage).positive(idMessage).max(INT4_MAX, idMessage);
/** A row id in a path or query string ("12" -> 12), within the same range. */
export const ZId = z.coerce.number(idMessage).int(idMessage).positive(idMessage).max(INT4_MAX, idMessage);
export const ZIdParams = z.object({ id: ZId });
const countMessage = `deve ser um número inteiro entre 0 e ${INT4_MAX}`;
/** A counter or position stored in an integer column (0 and up). */
export const ZCount = z.number(countMessage).int(countMessage).min(0, countMessage).max(INT4_MAX, countMessage);

/** The most ids one field takes unless it says otherwise. */
export const MAX_IDS = 500;
const hasNoRepeats = (ids: readonly number[]) => new Set(ids).size === ids.length;
const tooMany = (max: number) => `aceita no máximo ${max} itens`;
const repeated = 'não pode repetir o mesmo item';
/**
 * A list of row ids in a JSON body: at most `max`, none twice (a repeated id is refused with 400, so the
 * caller learns of its mistake and nothing is stored twice).
 */
export const ZIdArray = (max: number = MAX_IDS) =>
  z.array(ZRowId).max(max, tooMany(max)).refine(hasNoRepeats, repeated);
/** The same in a query string: `tags=1,2`, `tags[]=1&tags[]=2` or `tags=1&tags=2`. */
export const ZIdListQuery = (max: number = MAX_IDS) =>
  z.preprocess(
    (value) =>
      value === undefined ? undefined : Array.isArray(value) ? value : String(value).split(',').filter(Boolean),
    z.array(ZId).max(max, tooMany(max)).refine(hasNoRepeats, repeated).optional(),
  );

const pageMessage = `deve ser um número de página entre 1 e ${INT4_MAX}`;
export const ZPageNumber = z.coerce
  .number(pageMessage)
  .int(pageMessage)
  .min(1, pageMessage)
  .max(INT4_MAX, pageMessage)
  .default(1);
export const ZPageQuery = z.object({
  pageNumber: ZPageNumber,
  searchParam: z.string().trim().max(200).optional(),
});

export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
/** A calendar day `YYYY-MM-DD` that exists (2026-02-31 does not). */
export const ZDate = z.iso.date('deve ser uma data AAAA-MM-DD que exista');
/**
 * A date read from a query string: a day that exists (`YYYY-MM-DD`) or an ISO date-time with its offset.
 * `31/02/2026` and `abc` are refused at the boundary instead of reaching the database.
 */
export const ZDateQuery = z.union([ZDate, z.iso.datetime({ offset: true })], {
  error: 'deve ser uma data AAAA-MM-DD que exista ou uma data e hora ISO 8601',
});
export const ZHexColor = z.string().regex(hexColorPattern, 'hex colour');

export const ZOk = z.object({ ok: z.literal(true) });
export const ZErrorBody = z.object({ error: z.string(), message: z.string(), field: z.string().optional() });
