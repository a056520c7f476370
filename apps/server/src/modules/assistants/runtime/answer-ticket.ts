import { withTenant } from '../../../platform/db/tenant-tx.js';
import { showBotPresence } from '../../messages/messages.service.js';
import { notifyConversationEnded } from '../../tickets/notify-conversation-ended.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { converseBot } from './bot-reply.js';
import { generateReply, type TGenerated } from './generate-reply.js';
import { planAnswer } from './plan-answer.js';
import { settleAnswer, type TAnswerOutcome } from './settle-answer.js';
import { findTranscriber, transcribeVoiceNotes } from './transcribe-voice-notes.js';

/**
 * One reply run of a ticket's assistant: plan from the ticket as it is, transcribe the voice notes it will read,
 * generate with the customer seeing "typing", then settle once under the ticket's lock. The model is called
 * outside any transaction, so a slow provider holds no lock.
 */
export const answerTicket = async (
  deps: TAssistantDeps,
  tenantId: number,
  ticketId: number,
): Promise<TAnswerOutcome | 'not-applicable' | 'nothing-new'> => {
  const plan = await planAnswer(deps, tenantId, ticketId);
  if (plan.kind === 'stop') return plan.outcome;
  let generated: TGenerated | null = null;
  if (plan.then.kind === 'generate' && plan.assistant.kind === 'ai') {
    const ticket = plan.context.rows.at(-1);
    const transcriber = await withTenant(deps.db, tenantId, (tx) => findTranscriber(deps, tx, tenantId));
    if (transcriber) {
      const transcripts = await transcribeVoiceNotes(deps, tenantId, transcriber, plan.context.rows);
      for (const row of plan.context.rows) row.transcript = transcripts.get(row.id) ?? row.transcript;
    }
    const where = { id: ticketId, contactId: ticket?.contactId ?? 0, whatsappId: ticket?.whatsappId ?? null };
    await showBotPresence(deps, tenantId, where, 'composing');
    generated = await generateReply(deps, plan.assistant, plan.context);
    await showBotPresence(deps, tenantId, where, 'paused');
  }
  if (plan.then.kind === 'converse' && plan.assistant.kind === 'bot')
    generated = await converseBot(deps, plan.assistant, {
      ticketId,
      texts: plan.then.texts,
      session: plan.session,
      contact: plan.context.contact,
    });
  const settled = await settleAnswer(deps, tenantId, plan, generated);
  if (settled.after && settled.before) await notifyConversationEnded(deps, tenantId, settled.after, settled.before);
  return settled.outcome;
};
