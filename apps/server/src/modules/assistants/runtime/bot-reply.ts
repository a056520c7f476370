import type { TBotSession } from '../bots/bot-client.js';
import { converseWithBot } from '../bots/bot-clients.js';
import type { TAssistantDeps } from './assistant-deps.js';
import type { TGenerated } from './generate-reply.js';
import type { TRunnableBot } from './runnable-assistant.js';

/**
 * A bot's answer to the customer's waiting messages, taken one by one with its session carried along: its text
 * replies in order (a media reply goes as its link), the session to keep, and a hand-off intent when the bot's
 * conversation ended. Never throws: a failed call comes back with its reason.
 */
export const converseBot = async (
  deps: Pick<TAssistantDeps, 'config' | 'now'>,
  bot: TRunnableBot,
  input: {
    ticketId: number;
    texts: string[];
    session: Record<string, unknown> | null;
    contact: { name: string; number: string | null };
  },
): Promise<TGenerated> => {
  let session = input.session as TBotSession | null;
  const parts: string[] = [];
  let ended = false;
  try {
    for (const text of input.texts) {
      const answer = await converseWithBot({
        settings: bot.settings,
        session,
        text,
        contact: { name: input.contact.name, number: input.contact.number ?? '' },
        ticketId: input.ticketId,
        allowPrivate: deps.config.webhookAllowPrivate,
        now: deps.now?.() ?? new Date(),
      });
      for (const reply of answer.replies) {
        const said = reply.kind === 'text' ? reply.text : [reply.text, reply.url].filter(Boolean).join('\n');
        if (said?.trim()) parts.push(said.trim());
      }
      session = answer.session;
      if (answer.ended) {
        ended = true;
        break;
      }
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err), kind: 'unknown' };
  }
  return {
    ok: true,
    text: parts.join('\n'),
    parts,
    intents: ended ? [{ kind: 'handoff', queueId: null, reason: 'bot-ended' }] : [],
    toolCalls: [],
    input: 0,
    output: 0,
    session: ended ? null : (session as Record<string, unknown> | null),
  };
};
