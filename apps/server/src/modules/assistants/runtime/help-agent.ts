import type { TAssistantHelp } from '@prosa/contracts';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { AppError } from '../../../platform/errors.js';
import { loadVisibleTicket } from '../../tickets/load-visible-ticket.js';
import { addUsage, insertAssistantRun, usageMonth } from '../assistants.repository.js';
import { loadAiSdk } from '../models/ai-sdk.js';
import { describeModelError } from '../models/model-errors.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { loadConversationContext, toModelMessages } from './conversation-context.js';
import { GENERATION_TIMEOUT_MS } from './generate-reply.js';
import { findRunnableAssistants, languageModelOf } from './runnable-assistant.js';

const instructions = {
  suggestion:
    'Você ajuda um atendente humano. Escreva a próxima resposta do atendente ao cliente, em português do Brasil, pronta para enviar: só o texto da mensagem, sem comentários.',
  summary:
    'Resuma esta conversa de atendimento para um atendente que vai assumi-la: quem é o cliente, o que ele quer, o que já foi respondido e o que falta. Em português do Brasil, em até cinco tópicos curtos.',
} as const;

/**
 * Help for an agent on a ticket they see: a suggested next reply, or a summary of the conversation, written by
 * the assistant marked `helpsAgents`. Logged on the ticket with its tokens, counted in the month's usage.
 */
export const helpAgent = async (
  deps: TAssistantDeps,
  ctx: TRequestContext,
  ticketId: number,
  purpose: keyof typeof instructions,
): Promise<TAssistantHelp> => {
  const { helper, context } = await withTenant(deps.db, ctx.tenantId, async (tx) => {
    const { row } = await loadVisibleTicket(tx, ctx, ticketId);
    const found = (await findRunnableAssistants(deps, tx, ctx.tenantId)).find((a) => a.settings.helpsAgents);
    if (!found) throw new AppError('ERR_NO_HELPING_ASSISTANT');
    return { helper: found, context: await loadConversationContext(tx, ctx.tenantId, row, 0) };
  });
  const log = (values: { outcome: 'replied' | 'failed'; input: number; output: number; error: string | null }) =>
    withTenant(deps.db, ctx.tenantId, async (tx) => {
      await insertAssistantRun(tx, {
        tenantId: ctx.tenantId,
        ticketId,
        provider: helper.provider,
        model: helper.settings.model,
        purpose,
        inputTokens: values.input,
        outputTokens: values.output,
        outcome: values.outcome,
        error: values.error,
      });
      const tokens = values.input + values.output;
      if (tokens > 0) await addUsage(tx, ctx.tenantId, helper.provider, usageMonth(new Date()), tokens);
    });
  try {
    const messages = toModelMessages(context.rows);
    const { ai } = await loadAiSdk();
    const result = await ai.generateText({
      model: await languageModelOf(deps, helper),
      system: `${instructions[purpose]}\nCliente: ${context.contact.name || 'sem nome'}.`,
      messages: messages.length > 0 ? messages : [{ role: 'user', content: '(conversa sem mensagens)' }],
      maxOutputTokens: helper.settings.maxReplyTokens,
      temperature: purpose === 'summary' ? 0.2 : helper.settings.temperature,
      // A refusal or a rate limit hands the ticket over at once; waiting out a retry-after would hold the customer.
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
    });
    const input = result.totalUsage.inputTokens ?? 0;
    const output = result.totalUsage.outputTokens ?? 0;
    await log({ outcome: 'replied', input, output, error: null });
    return { text: result.text.trim(), provider: helper.provider };
  } catch (err) {
    const described = describeModelError(err);
    await log({ outcome: 'failed', input: 0, output: 0, error: described.message });
    throw new AppError('ERR_ASSISTANT_FAILED', { detail: described.message, data: { reason: described.message } });
  }
};
