import { normaliseAnswer } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { JobDeferred } from '../../../platform/jobs/job-errors.js';
import { isTicketInBusinessHours } from '../../business-hours/opening-hours.js';
import { isTicketForAFlow } from '../../chat-flows/chat-flows.service.js';
import { getTenantSettings } from '../../settings/settings.reader.js';
import { findTicketRow, findWalletUserIds, type TTicketRow } from '../../tickets/tickets.service.js';
import { findAssistantState, findUsage, usageMonth } from '../assistants.repository.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { loadConversationContext, messageText, type TConversationContext } from './conversation-context.js';
import { pickAssistant } from './pick-assistant.js';
import { findAnswerers, type TAnswerer } from './runnable-assistant.js';

/** A burst never waits longer than this many windows from its first message. */
const MAX_BURST_WINDOWS = 4;

export type THandoffReason = 'exit-keyword' | 'limit' | 'budget' | 'failure' | 'tool' | 'bot-ended';

/** What one reply run does, decided from the ticket as it is (nothing written yet). */
export type TAnswerPlan =
  | { kind: 'stop'; outcome: 'not-applicable' | 'nothing-new' }
  | {
      kind: 'act';
      ticketId: number;
      assistant: TAnswerer;
      /** The newest customer message this run answers (its claim). */
      upTo: number;
      contextFrom: number;
      replies: number;
      /** A bot's session (null: none yet, or it ended). */
      session: Record<string, unknown> | null;
      context: TConversationContext;
      then:
        | { kind: 'generate' }
        | { kind: 'converse'; texts: string[] }
        | { kind: 'handoff'; reason: THandoffReason; error?: string }
        | { kind: 'skip' };
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
    const assistant = pickAssistant(await findAnswerers(deps, tx, tenantId), row);
    if (!assistant) return { kind: 'stop', outcome: 'not-applicable' };
    // A chat flow takes a new ticket first (and may hand it over with an AssistantField step).
    if (await isTicketForAFlow(tx, tenantId, row)) return { kind: 'stop', outcome: 'not-applicable' };
    const state = await findAssistantState(tx, tenantId, row.id, assistant.provider);
    const answeredUpTo = state?.answeredUpTo ?? 0;
    let contextFrom = state?.contextFrom ?? 0;
    let replies = state?.replies ?? 0;
    let context = await loadConversationContext(tx, tenantId, row, contextFrom);
    const pending = context.rows.filter((message) => !message.fromMe && message.id > answeredUpTo);
    const first = pending[0];
    const newest = pending.at(-1);
    if (!first || !newest) return { kind: 'stop', outcome: 'nothing-new' };

    const tenantSettings = await getTenantSettings(tx, tenantId);
    // shutdownWallet: a customer with an agent in charge of their wallet is that agent's, never a bot's.
    if (
      tenantSettings.shutdownWallet === 'enabled' &&
      (await findWalletUserIds(tx, tenantId, row.contactId)).length > 0
    )
      return { kind: 'stop', outcome: 'not-applicable' };
    const holds = assistant.kind === 'ai' && tenantSettings.waitProcessing === 'enabled';
    const windowMs = holds ? assistant.settings.burstSeconds * 1000 : 0;
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
      session: state?.session ?? null,
      context,
      then,
    });
    if (isKeyword(newest.body, assistant.settings.exitKeyword)) return act({ kind: 'handoff', reason: 'exit-keyword' });
    // A bot takes each message in turn (a menu's answer is one message); it keeps its own session.
    if (assistant.kind === 'bot') return act({ kind: 'converse', texts: pending.map(messageText).filter(Boolean) });
    const { settings } = assistant;
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
