import { z } from 'zod';
import { ZCount, ZDateQuery, ZId, ZPageNumber, ZRowId } from './common.js';
import type { TRating } from './tenant-settings.js';

/**
 * Ratings ("avaliações", `/ticketEvaluations`, `/avaliacoes`): when an agent closes a ticket with ratings on,
 * the customer is asked for a score 0-5; the reply is stored here. `evaluation` is the family's string field
 * ("4"); `score` the same as a number for averages and filters.
 */
export const ratingStatuses = ['pending', 'rated', 'dropped', 'expired'] as const;
export const ZRatingStatus = z.enum(ratingStatuses);
export type TRatingStatus = z.infer<typeof ZRatingStatus>;

export const ZTicketEvaluation = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  queueId: z.number().int().nullable(),
  queue: z.string().nullable(),
  contactId: z.number().int(),
  contactName: z.string().nullable(),
  protocol: z.string().nullable(),
  evaluation: z.string().nullable(),
  score: z.number().int().min(0).max(5).nullable(),
  status: ZRatingStatus,
  attempts: z.number().int(),
  closeMode: z.enum(['rated', 'atOnce']),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TTicketEvaluation = z.infer<typeof ZTicketEvaluation>;

const ZScoreQuery = z.coerce.number('deve ser uma nota de 0 a 5').int().min(0).max(5);

/** GET /ticketEvaluations: filters of `/avaliacoes/listar` (period by the rating's day, agent, queue, score). */
export const ZTicketEvaluationQuery = z.object({
  pageNumber: ZPageNumber,
  dateStart: ZDateQuery.optional(),
  dateEnd: ZDateQuery.optional(),
  userId: ZId.optional(),
  queueId: ZId.optional(),
  score: ZScoreQuery.optional(),
  status: ZRatingStatus.optional(),
});
export type TTicketEvaluationQuery = z.input<typeof ZTicketEvaluationQuery>;

/** Average and how many of each score (index = score) over every rated row the filters keep. */
export const ZRatingSummary = z.object({
  rated: ZCount,
  average: z.number().nullable(),
  distribution: z.array(ZCount).length(6),
});
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

export const ZTicketEvaluationList = z.object({
  evaluations: z.array(ZTicketEvaluation),
  count: ZCount,
  hasMore: z.boolean(),
  summary: ZRatingSummary,
});
export type TTicketEvaluationList = z.infer<typeof ZTicketEvaluationList>;

const ZEvaluationValue = z.union(
  [
    z.number().int().min(0).max(5),
    z
      .string()
      .trim()
      .regex(/^[0-5]$/, '0 a 5'),
  ],
  {
    error: 'deve ser uma nota de 0 a 5',
  },
);

/** POST /ticketEvaluations: a score recorded by hand (a rating given by phone, say). */
export const ZTicketEvaluationBody = z.object({ ticketId: ZRowId, evaluation: ZEvaluationValue });
/** PUT /ticketEvaluations/:id: the score corrected. */
export const ZTicketEvaluationUpdate = z.object({ evaluation: ZEvaluationValue });
export const ZTicketIdParams = z.object({ ticketId: ZId });

/** Lower case, accents and punctuation gone: "Muito Bom!" and "muito bom" meet. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The score a customer's reply gives, or null: a digit 0-5 alone ("5", " 4 ", "*4*", "4."), the scale line
 * itself ("4 - Excelente"), or a label of the scale ("excelente", "Muito bom"). Anything else is not a rating.
 */
export const parseRatingReply = (text: string, scale: TRating['scale']): number | null => {
  // A negative number loses its sign below: refuse it first.
  if (/^\s*[-\u2212]\s*\d/.test(text)) return null;
  const plain = normalise(text);
  const digit = /^([0-5])(?: (.*))?$/.exec(plain);
  if (digit) {
    const score = Number(digit[1]);
    const rest = digit[2];
    const label = scale.find((item) => item.value === score)?.label;
    if (!rest || (label && normalise(label) === rest)) return score;
    return null;
  }
  const byLabel = scale.filter((item) => normalise(item.label) === plain);
  return byLabel.length === 1 ? (byLabel[0]?.value ?? null) : null;
};

/** The question the customer receives: the text, a blank line, one line per score ("0 - Ruim"). */
export const ratingQuestion = (rating: Pick<TRating, 'evaluationMessage' | 'scale'>): string =>
  [
    rating.evaluationMessage,
    '',
    ...[...rating.scale].sort((a, b) => a.value - b.value).map((item) => `${item.value} - ${item.label}`),
  ].join('\n');
