import {
  BotCallError,
  normalizeKeyword,
  type TBotClient,
  type TBotConverseInput,
  type TBotReply,
  type TBotSession,
} from './bot-client.js';
import { assertOk, callBot, parseJson, trimBase } from './bot-http.js';

type TInput = TBotConverseInput<'typebot'>;
type TChoiceItem = { content: string };
/** What the session waits on: a choice's items (answered by number), free text, or nothing known. */
type TWaiting = { type: 'choice'; items: TChoiceItem[] } | { type: 'text' };
type TTypebotAnswer = { sessionId?: unknown; messages?: unknown; input?: unknown };
type TRichNode = { text?: unknown; children?: unknown; type?: unknown };

/** The text of Typebot's rich text (Slate nodes): paragraphs on their own lines. */
const flattenRich = (nodes: unknown): string => {
  if (!Array.isArray(nodes)) return '';
  return nodes
    .map((node: TRichNode) => {
      if (typeof node?.text === 'string') return node.text;
      const inner = flattenRich(node?.children);
      return node?.type === 'p' || node?.type === 'variable' ? `${inner}\n` : inner;
    })
    .join('')
    .replace(/\n+$/, '');
};

const mediaTypes: Record<string, string> = { image: 'image', video: 'video', audio: 'audio' };

/** Typebot's bubbles as replies: texts (rich text, markdown or plain) and media by URL. */
const toReplies = (messages: unknown): TBotReply[] => {
  if (!Array.isArray(messages)) return [];
  const replies: TBotReply[] = [];
  for (const message of messages as { type?: unknown; content?: Record<string, unknown> }[]) {
    const content = message?.content ?? {};
    if (message?.type === 'text') {
      const text =
        typeof content.markdown === 'string'
          ? content.markdown
          : typeof content.plainText === 'string'
            ? content.plainText
            : flattenRich(content.richText);
      if (text.trim() !== '') replies.push({ kind: 'text', text });
    } else if (typeof message?.type === 'string' && mediaTypes[message.type] && typeof content.url === 'string') {
      replies.push({ kind: 'media', url: content.url });
    } else if (message?.type === 'embed' && typeof content.url === 'string') {
      replies.push({ kind: 'text', text: content.url });
    }
  }
  return replies;
};

const waitingOf = (input: unknown): TWaiting | null => {
  const value = input as { type?: unknown; items?: unknown } | undefined;
  if (!value || typeof value !== 'object') return null;
  if (value.type === 'choice input' && Array.isArray(value.items))
    return {
      type: 'choice',
      items: (value.items as { content?: unknown }[])
        .filter((item) => typeof item?.content === 'string')
        .map((item) => ({ content: item.content as string })),
    };
  return { type: 'text' };
};

/** A choice's items as the customer sees them on a channel without buttons: "1 - Vendas", one per line. */
export const renderChoices = (items: TChoiceItem[]) => items.map((item, i) => `${i + 1} - ${item.content}`).join('\n');

/** The customer's answer to a choice: its number or its text (any case); null when it is neither. */
export const pickChoice = (items: TChoiceItem[], text: string): string | null => {
  const said = normalizeKeyword(text);
  if (/^\d+$/.test(said)) return items[Number(said) - 1]?.content ?? null;
  return items.find((item) => normalizeKeyword(item.content) === said)?.content ?? null;
};

const answerOf = (answer: TTypebotAnswer, session: TBotSession, now: Date) => {
  const replies = toReplies(answer.messages);
  const waiting = waitingOf(answer.input);
  if (!waiting) return { replies, session: null, ended: true };
  if (waiting.type === 'choice' && waiting.items.length > 0)
    replies.push({ kind: 'text', text: renderChoices(waiting.items) });
  return {
    replies,
    session: { ...session, data: { ...session.data, waiting, lastAt: now.toISOString() } },
    ended: false,
  };
};

const start = async (input: TInput, now: Date) => {
  const { settings } = input;
  const answer = await callBot(
    'typebot',
    input,
    `${trimBase(settings.url)}/api/v1/typebots/${encodeURIComponent(settings.publicId)}/startChat`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
      },
      body: JSON.stringify({
        prefilledVariables: { name: input.contact.name, number: input.contact.number, ticketId: input.ticketId },
        textBubbleContentFormat: 'richText',
      }),
    },
  );
  assertOk('typebot', answer);
  const body = (parseJson(answer.text) ?? {}) as TTypebotAnswer;
  if (typeof body.sessionId !== 'string')
    throw new BotCallError('typebot', 'Typebot respondeu sem o id da sessão', answer.status);
  return answerOf(body, { id: body.sessionId, startedAt: now.toISOString(), data: {} }, now);
};

const isExpired = (input: TInput, session: TBotSession, now: Date) => {
  const lastAt = typeof session.data?.lastAt === 'string' ? Date.parse(session.data.lastAt) : Number.NaN;
  return Number.isNaN(lastAt) || now.getTime() - lastAt > input.settings.expireMinutes * 60_000;
};

/**
 * Typebot's viewer API: the first message (or the restart keyword, or one after `expireMinutes` idle) starts
 * the flow with the contact as prefilled variables; the next continue its session. A choice is offered as
 * numbered lines and the customer's "1" sent as the item's text; any other answer gets `unknownMessage` and
 * the options again, without a call. A session Typebot no longer knows (404) starts over.
 */
export const typebotClient: TBotClient<'typebot'> = {
  provider: 'typebot',
  converse: async (input) => {
    const now = input.now ?? new Date();
    const { session, settings } = input;
    if (
      !session ||
      isExpired(input, session, now) ||
      normalizeKeyword(input.text) === normalizeKeyword(settings.restartKeyword)
    )
      return start(input, now);
    const waiting = session.data?.waiting as TWaiting | undefined;
    let text = input.text;
    if (waiting?.type === 'choice' && waiting.items.length > 0) {
      const picked = pickChoice(waiting.items, text);
      if (picked === null)
        return {
          replies: [
            ...(settings.unknownMessage ? [{ kind: 'text' as const, text: settings.unknownMessage }] : []),
            { kind: 'text', text: renderChoices(waiting.items) },
          ],
          session: { ...session, data: { ...session.data, lastAt: now.toISOString() } },
          ended: false,
        };
      text = picked;
    }
    const answer = await callBot(
      'typebot',
      input,
      `${trimBase(settings.url)}/api/v1/sessions/${encodeURIComponent(session.id)}/continueChat`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: { type: 'text', text }, textBubbleContentFormat: 'richText' }),
      },
    );
    if (answer.status === 404) return start(input, now);
    assertOk('typebot', answer);
    return answerOf((parseJson(answer.text) ?? {}) as TTypebotAnswer, session, now);
  },
};
