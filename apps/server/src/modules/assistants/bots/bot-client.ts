import type { TBotProvider, TBotSettingsOf } from '@prosa/contracts';

/** The providers that answer a ticket's messages (Vapi's assistants take voice calls instead). */
export type TConversingBotProvider = Exclude<TBotProvider, 'vapi'>;

/**
 * A ticket's conversation with a bot, stored per ticket by the runtime: `id` is the provider's own (Typebot's
 * session, Dify's conversation) or `ticket-<id>`; `data` what the client needs to go on (the input a Typebot
 * flow waits on, when it last spoke).
 */
export type TBotSession = { id: string; startedAt: string; data?: Record<string, unknown> };

/** One message for the customer: a text, or a file by its URL. */
export type TBotReply = { kind: 'text' | 'media'; text?: string; url?: string; mimeType?: string };

export type TBotConverseInput<P extends TConversingBotProvider = TConversingBotProvider> = {
  /** The provider's settings with their secrets unsealed. */
  settings: TBotSettingsOf<P>;
  session: TBotSession | null;
  /** The customer's message (a caption or a voice note's transcript for media). */
  text: string;
  contact: { name: string; number: string };
  ticketId: number;
  /** Calls out with this instead of `fetchPublic` (tests, or an address the platform trusts). */
  fetch?: typeof fetch;
  /** For `fetchPublic`: may the bot's address be private (WEBHOOK_ALLOW_PRIVATE)? Default false. */
  allowPrivate?: boolean;
  /** The clock (session expiry, token lifetime). Default: now. */
  now?: Date;
};

export type TBotConverseResult = {
  replies: TBotReply[];
  /** What to store for the next message; null when the conversation ended. */
  session: TBotSession | null;
  /** The bot finished (its flow ended, or it asked to end): the ticket goes to its hand-off destination. */
  ended: boolean;
};

export type TBotClient<P extends TConversingBotProvider = TConversingBotProvider> = {
  provider: P;
  converse: (input: TBotConverseInput<P>) => Promise<TBotConverseResult>;
};

/** A bot call that failed: `status` is the provider's HTTP status when it answered, `message` for the admin. */
export class BotCallError extends Error {
  readonly provider: TBotProvider;
  readonly status?: number;

  constructor(provider: TBotProvider, message: string, status?: number) {
    super(message);
    this.name = 'BotCallError';
    this.provider = provider;
    if (status !== undefined) this.status = status;
  }
}

/** Keywords compare without case, accents or surrounding spaces ("Sair " is "sair"). */
export const normalizeKeyword = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
