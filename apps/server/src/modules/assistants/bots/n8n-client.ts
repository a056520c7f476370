import type { TBotClient, TBotReply } from './bot-client.js';
import { assertOk, callBot, parseJson } from './bot-http.js';

const TEXT_KEYS = ['reply', 'output', 'text', 'message', 'answer', 'response'] as const;
const URL_KEYS = ['mediaUrl', 'url', 'fileUrl'] as const;

type TParsed = { replies: TBotReply[]; ended: boolean };

/** One item of the workflow's answer: `{ reply }`, `{ output }` (AI Agent node), a file, or n8n's `{ json }`. */
const readItem = (item: unknown, parsed: TParsed) => {
  if (typeof item === 'string') {
    if (item.trim() !== '') parsed.replies.push({ kind: 'text', text: item });
    return;
  }
  if (!item || typeof item !== 'object') return;
  const record = item as Record<string, unknown>;
  if (record.json && typeof record.json === 'object') return readItem(record.json, parsed);
  if (record.end === true || record.ended === true) parsed.ended = true;
  const url = URL_KEYS.map((key) => record[key]).find((value) => typeof value === 'string' && value !== '');
  const text = TEXT_KEYS.map((key) => record[key]).find((value) => typeof value === 'string');
  if (typeof url === 'string')
    parsed.replies.push({
      kind: 'media',
      url,
      ...(typeof record.mimeType === 'string' ? { mimeType: record.mimeType } : {}),
      ...(typeof text === 'string' && text !== '' ? { text } : {}),
    });
  else if (typeof text === 'string' && text.trim() !== '') parsed.replies.push({ kind: 'text', text });
  else if (Array.isArray(record.messages)) for (const message of record.messages) readItem(message, parsed);
};

/**
 * The workflow's answer in the shapes a "Respond to Webhook" node gives: JSON `{ reply }` / `{ output }` /
 * `{ messages: [...] }` / an array of those (or of texts), or plain text. `end: true` in an item ends the
 * bot's conversation.
 */
export const readN8nAnswer = (contentType: string, text: string): TParsed => {
  const parsed: TParsed = { replies: [], ended: false };
  const body = contentType.includes('json') ? parseJson(text) : undefined;
  if (body === undefined) {
    if (text.trim() !== '') parsed.replies.push({ kind: 'text', text: text.trim() });
    return parsed;
  }
  for (const item of Array.isArray(body) ? body : [body]) readItem(item, parsed);
  return parsed;
};

/**
 * An n8n workflow behind a Webhook node: each message is a POST of `{ message, ticket, contact }` (with the
 * node's Header Auth when set); what the workflow answers is sent to the customer. The session only marks the
 * bot as talking (n8n keeps its own memory, keyed by the ticket if it wants).
 */
export const n8nClient: TBotClient<'n8n'> = {
  provider: 'n8n',
  converse: async (input) => {
    const now = input.now ?? new Date();
    const { settings } = input;
    const auth =
      settings.authHeaderName && settings.authHeaderValue
        ? { [settings.authHeaderName]: settings.authHeaderValue }
        : {};
    const answer = await callBot('n8n', input, settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        message: input.text,
        ticket: { id: input.ticketId },
        contact: { name: input.contact.name, number: input.contact.number },
        sessionId: `ticket-${input.ticketId}`,
      }),
    });
    assertOk('n8n', answer);
    const { replies, ended } = readN8nAnswer(answer.contentType, answer.text);
    return {
      replies,
      session: ended ? null : (input.session ?? { id: `ticket-${input.ticketId}`, startedAt: now.toISOString() }),
      ended,
    };
  },
};
