import { loadAiSdk } from '../models/ai-sdk.js';
import { describeModelError } from '../models/model-errors.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { assistantTools, type TAssistantIntent, type TToolCallLog } from './assistant-tools.js';
import { systemPromptOf, type TConversationContext, toModelMessages } from './conversation-context.js';
import { languageModelOf, type TRunnableAssistant } from './runnable-assistant.js';

/** A model call gives up after this long (the ticket is then handed over). */
export const GENERATION_TIMEOUT_MS = 60_000;

export type TGenerated =
  | {
      ok: true;
      text: string;
      intents: TAssistantIntent[];
      toolCalls: TToolCallLog[];
      input: number;
      output: number;
      /** Replies already in parts (a bot's messages); otherwise `text` is split. */
      parts?: string[];
      /** A bot's session after the call (null: ended); undefined leaves it as it was. */
      session?: Record<string, unknown> | null;
    }
  | { ok: false; error: string; kind: string };

/**
 * One reply of the assistant's model to the conversation, tools included (at most four steps: a tool call, its
 * result, the final text). Never throws: a failure comes back with the admin's words for it.
 */
export const generateReply = async (
  deps: Pick<TAssistantDeps, 'config' | 'now'>,
  assistant: TRunnableAssistant,
  context: TConversationContext,
): Promise<TGenerated> => {
  const intents: TAssistantIntent[] = [];
  const { settings } = assistant;
  try {
    const { ai } = await loadAiSdk();
    const result = await ai.generateText({
      model: await languageModelOf(deps, assistant),
      system: systemPromptOf(settings.systemPrompt, context, deps.now?.() ?? new Date()),
      messages: toModelMessages(context.rows),
      tools: assistantTools(context, intents),
      stopWhen: ai.stepCountIs(4),
      temperature: settings.temperature,
      maxOutputTokens: settings.maxReplyTokens,
      // A refusal or a rate limit hands the ticket over at once; waiting out a retry-after would hold the customer.
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
    });
    const toolCalls = result.steps.flatMap((step) =>
      step.toolCalls.map((call) => ({ name: call.toolName, input: call.input })),
    );
    return {
      ok: true,
      text: result.text,
      intents,
      toolCalls,
      input: result.totalUsage.inputTokens ?? 0,
      output: result.totalUsage.outputTokens ?? 0,
    };
  } catch (err) {
    const described = describeModelError(err);
    return { ok: false, error: described.message, kind: described.kind };
  }
};
