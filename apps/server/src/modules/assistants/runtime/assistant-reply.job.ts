import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import { answerTicket } from './answer-ticket.js';
import type { TAssistantDeps } from './assistant-deps.js';

export const ASSISTANT_REPLY_JOB = 'assistants.reply';

const ZPayload = z.object({ tenantId: z.number().int().positive(), ticketId: z.number().int().positive() });
export type TAssistantReplyPayload = z.infer<typeof ZPayload>;

/**
 * A ticket's assistant answers its unanswered customer messages. Jobs of one ticket run one at a time (group),
 * so a burst's jobs answer once: the first takes every waiting message, the others find nothing new. A model
 * failure does not fail the job (the ticket is handed over); a database failure retries it.
 */
export const assistantReplyJob = (deps: TAssistantDeps | null) =>
  defineJob({
    name: ASSISTANT_REPLY_JOB,
    payload: ZPayload,
    retry: { limit: 3 },
    expireInSeconds: 300,
    handle: async (payload) => {
      if (!deps) throw new Error('assistants.reply registered without services');
      await answerTicket(deps, payload.tenantId, payload.ticketId);
    },
  });

export const replyGroupOf = (ticketId: number) => `assistant-ticket-${ticketId}`;
