import type { TTicket } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { queueAutomaticMessage } from '../../messages/messages.service.js';
import { publishTicketChange } from '../../tickets/ticket-events.js';
import { loadTicketDto } from '../../tickets/ticket-rules.js';
import { addTicketTag, closeTicketBySystem, findTicketRow } from '../../tickets/tickets.service.js';
import {
  addUsage,
  insertAssistantRun,
  saveAssistantState,
  setAssistantError,
  usageMonth,
} from '../assistants.repository.js';
import { setBotError } from '../bots.repository.js';
import type { TAssistantDeps } from './assistant-deps.js';
import type { TGenerated } from './generate-reply.js';
import { handOffTicket } from './hand-off.js';
import { isTicketForAssistant } from './pick-assistant.js';
import type { TAnswerPlan } from './plan-answer.js';
import { splitReply } from './split-reply.js';

export type TAnswerOutcome = 'replied' | 'handoff' | 'closed' | 'failed' | 'skipped' | 'already-answered';

type TActPlan = Extract<TAnswerPlan, { kind: 'act' }>;

const outcomeOf = (plan: TActPlan, generated: TGenerated | null): TAnswerOutcome => {
  if (plan.then.kind === 'skip') return 'skipped';
  if (plan.then.kind === 'handoff') return 'handoff';
  if (!generated?.ok) return 'failed';
  if (generated.intents.some((intent) => intent.kind === 'close')) return 'closed';
  if (generated.intents.some((intent) => intent.kind === 'handoff')) return 'handoff';
  return 'replied';
};

/**
 * Stores what a run came to, under the ticket's row lock, once: the run is claimed by the newest message it
 * answers (another instance or a retry finds it claimed and does nothing). An agent who took the ticket while
 * the model was writing wins: the reply is dropped. The reply goes out in parts, then the tools' intents
 * (tags, hand-off, close) apply; a failure, the exit keyword, the limit or the budget hand the ticket over. The
 * customer's messages are never touched: whatever happens, they wait in the ticket.
 */
export const settleAnswer = async (
  deps: TAssistantDeps,
  tenantId: number,
  plan: TActPlan,
  generated: TGenerated | null,
): Promise<{ outcome: TAnswerOutcome; before?: TTicket; after?: TTicket }> => {
  const { assistant } = plan;
  const { provider, settings } = assistant;
  const model = assistant.kind === 'ai' ? assistant.settings.model : assistant.provider;
  const setError = assistant.kind === 'ai' ? setAssistantError : setBotError;
  const now = deps.now?.() ?? new Date();
  return withTenant(deps.db, tenantId, async (tx) => {
    const row = await findTicketRow(tx, tenantId, plan.ticketId, { forUpdate: true });
    const taken = !row || !isTicketForAssistant(row);
    const outcome = taken ? 'skipped' : outcomeOf(plan, generated);
    const error =
      plan.then.kind === 'handoff' ? (plan.then.error ?? null) : generated && !generated.ok ? generated.error : null;
    const runId = await insertAssistantRun(tx, {
      tenantId,
      ticketId: plan.ticketId,
      provider,
      model,
      purpose: 'reply',
      upToMessageId: plan.upTo,
      inputTokens: generated?.ok ? generated.input : 0,
      outputTokens: generated?.ok ? generated.output : 0,
      toolCalls: generated?.ok ? generated.toolCalls : [],
      outcome,
      error,
    });
    if (runId === null) return { outcome: 'already-answered' };
    if (taken || !row) return { outcome };

    const before = await loadTicketDto(tx, tenantId, row.id);
    const parts = generated?.ok ? (generated.parts ?? splitReply(generated.text)) : [];
    await saveAssistantState(tx, tenantId, row.id, provider, {
      answeredUpTo: plan.upTo,
      contextFrom: plan.contextFrom,
      replies: plan.replies + (parts.length > 0 ? 1 : 0),
      ...(generated?.ok && generated.session !== undefined ? { session: generated.session } : {}),
    });
    if (generated?.ok) {
      const tokens = generated.input + generated.output;
      if (tokens > 0) await addUsage(tx, tenantId, provider, usageMonth(now), tokens);
      await setError(tx, tenantId, provider, null);
      for (const [index, body] of parts.entries())
        await queueAutomaticMessage(deps, tx, tenantId, before, {
          body,
          sendType: 'assistant',
          at: new Date(now.getTime() + index),
        });
    } else if (error) {
      await setError(tx, tenantId, provider, error);
    }

    const handoff = { provider, userId: settings.handoffUserId, at: now };
    if (plan.then.kind === 'handoff')
      await handOffTicket(tx, tenantId, row, {
        ...handoff,
        reason: plan.then.reason,
        queueId: settings.handoffQueueId,
        ...(error ? { error } : {}),
      });
    else if (generated && !generated.ok)
      await handOffTicket(tx, tenantId, row, {
        ...handoff,
        reason: 'failure',
        queueId: settings.handoffQueueId,
        error: generated.error,
      });
    else if (generated?.ok) {
      for (const intent of generated.intents)
        if (intent.kind === 'tag') await addTicketTag(tx, tenantId, row.id, intent.tagId);
      const close = generated.intents.some((intent) => intent.kind === 'close');
      const toQueue = generated.intents.find((intent) => intent.kind === 'handoff');
      if (close)
        await closeTicketBySystem(tx, tenantId, row, { at: now, logType: 'assistantClose', data: { provider } });
      else if (toQueue?.kind === 'handoff')
        await handOffTicket(tx, tenantId, row, {
          ...handoff,
          reason: toQueue.reason,
          queueId: toQueue.queueId ?? settings.handoffQueueId,
        });
    }
    const after = await loadTicketDto(tx, tenantId, row.id);
    if (JSON.stringify(after) !== JSON.stringify(before))
      await publishTicketChange(deps, tx, tenantId, { before, after, byUserId: null });
    return { outcome, before, after };
  });
};
