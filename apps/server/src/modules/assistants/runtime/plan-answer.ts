import { normaliseAnswer } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { JobDeferred } from '../../../platform/jobs/job-errors.js';
import { isTicketInBusinessHours } from '../../business-hours/opening-hours.js';
import { findTicketRow, type TTicketRow } from '../../tickets/tickets.service.js';
import { findAssistantState, findUsage, usageMonth } from '../assistants.repository.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { loadConversationContext, type TConversationContext } from './conversation-context.js';
import { pickAssistant } from './pick-assistant.js';
import { findRunnableAssistants, type TRunnableAssistant } from './runnable-assistant.js';

/** A burst never waits longer than this many windows from its first message. */
const MAX_BURST_WINDOWS = 4;

export type THandoffReason = 'exit-keyword' | 'limit' | 'budget' | 'failure' | 'tool';

/** What one reply run does, decided from the ticket as it is (nothing written yet). */
export type TAnswerPlan =
  | { kind: 'stop'; outcome: 'not-applicable' | 'nothing-new' }
  | {
      kind: 'act';
      ticketId: number;
      assistant: TRunnableAssistant;
      /** The newest customer message this run answers (its claim). */
      upTo: number;
      contextFrom: number;
      replies: number;
      context: TConversationContext;
      then: { kind: 'generate' } | { kind: 'handoff'; reason: THandoffReason; error?: string } | { kind: 'skip' };
    };

const isKeyword = (text: string, keyword: string) => normaliseAnswer(text) === normaliseAnswer(keyword);

/**
 * Plans the answer to a ticket's unanswered customer messages. The messages of a burst are answered together:
 * while the newest is younger than the assistant's `burstSeconds` the run is deferred (up to four windows from
 * the first). The exit keyword hands over; the restart keyword starts the conversation afresh; past the
 * replies-per-ticket limit or the monthly budget the ticket is handed over; out of hours a silent assistant
 * leaves the customer to the absence message.
 */
export const planAnswer = (deps: TAssistantDeps, tenantId: number, ticketId: number): Promise<TAnswerPlan> =>
  withTenant(deps.db, tenantId, async (tx) => {
    const now = deps.now?.() ?? new Date();
    const row: TTicketRow | undefined = await findTicketRow(tx, tenantId, ticketId);
    if (!row) return { kind: 'stop', outcome: 'not-applicable' };
    const assistant = pickAssistant(await findRunnableAssistants(deps, tx, tenantId), row);
    if (!assistant) return { kind: 'stop', outcome: 'not-applicable' };
    const { settings } = assistant;
    const state = await findAssistantState(tx, tenantId, row.id, assistant.provider);
    const answeredUpTo = state?.answeredUpTo ?? 0;
    let contextFrom = state?.contextFrom ?? 0;
    let replies = state?.replies ?? 0;
    let context = await loadConversationContext(tx, tenantId, row, contextFrom);
    const pending = context.rows.filter((message) => !message.fromMe && message.id > answeredUpTo);
    const first = pending[0];
    const newest = pending.at(-1);
    if (!first || !newest) return { kind: 'stop', outcome: 'nothing-new' };

    const windowMs = settings.burstSeconds * 1000;
    const quietAt = newest.createdAt.getTime() + windowMs;
    if (quietAt > now.getTime() && first.createdAt.getTime() + windowMs * MAX_BURST_WINDOWS > now.getTime())
      throw new JobDeferred(new Date(quietAt));

    const act = (then: Extract<TAnswerPlan, { kind: 'act' }>['then']): TAnswerPlan => ({
      kind: 'act',
      ticketId: row.id,
      assistant,
      upTo: newest.id,
      contextFrom,
      replies,
      context,
      then,
    });
    if (isKeyword(newest.body, settings.exitKeyword)) return act({ kind: 'handoff', reason: 'exit-keyword' });
    if (isKeyword(newest.body, settings.restartKeyword)) {
      contextFrom = newest.id;
      replies = 0;
      context = await loadConversationContext(tx, tenantId, row, contextFrom);
    }
    if (replies >= settings.maxRepliesPerTicket) return act({ kind: 'handoff', reason: 'limit' });
    if (settings.monthlyTokenBudget !== null) {
      const spent = await findUsage(tx, tenantId, assistant.provider, usageMonth(now));
      if (spent >= settings.monthlyTokenBudget)
        return act({ kind: 'handoff', reason: 'budget', error: 'O orçamento mensal de tokens acabou' });
    }
    if (settings.outsideHours === 'silent' && !(await isTicketInBusinessHours(tx, tenantId, row, now)))
      return act({ kind: 'skip' });
    return act({ kind: 'generate' });
  });
