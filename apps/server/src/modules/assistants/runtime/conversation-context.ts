import { fillVariables } from '@prosa/contracts';
import type { ModelMessage } from 'ai';
import type { TExecutor } from '../../../platform/db/client.js';
import { findContactRow } from '../../contacts/contacts.service.js';
import { findTicketTail, type TMessageRow } from '../../messages/messages.service.js';
import { findQueues } from '../../queues/queues.service.js';
import { findTags } from '../../tags/tags.service.js';
import { buildTicketVariables, type TTicketVariables } from '../../variables/variables.service.js';

/** Messages of the ticket an assistant reads at most (the newest ones). */
export const CONTEXT_MESSAGES = 40;

const mediaLabels: Record<string, string> = {
  image: 'imagem',
  video: 'vídeo',
  audio: 'áudio',
  document: 'documento',
  sticker: 'figurinha',
  location: 'localização',
  vcard: 'contato',
};

/** What a message says to a model: its text, a voice note's transcript, or what kind of media it was. */
export const messageText = (message: Pick<TMessageRow, 'body' | 'mediaType' | 'transcript'>): string => {
  if (message.mediaType === 'chat' || !message.mediaType) return message.body;
  const label = mediaLabels[message.mediaType] ?? message.mediaType;
  const said = message.transcript ?? message.body;
  return said.trim() ? `[${label}] ${said}` : `[${label}]`;
};

/** The ticket's conversation as model messages: the customer is the user; our side (agents, bots) the assistant. */
export const toModelMessages = (rows: readonly TMessageRow[]): ModelMessage[] => {
  const out: ModelMessage[] = [];
  for (const row of rows) {
    const text = messageText(row).trim();
    if (!text) continue;
    const role = row.fromMe ? 'assistant' : 'user';
    const last = out.at(-1);
    // Consecutive messages of one side are one turn (a burst of three is read as one question).
    if (last && last.role === role && typeof last.content === 'string') last.content = `${last.content}\n${text}`;
    else out.push({ role, content: text });
  }
  return out;
};

export type TConversationContext = {
  rows: TMessageRow[];
  contact: { name: string; number: string | null; email: string | null };
  queues: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  /** The ticket's variables (the tenant's own and the built-in ones), for `{{...}}` in the prompt. */
  variables: TTicketVariables;
};

export const loadConversationContext = async (
  tx: TExecutor,
  tenantId: number,
  ticket: { id: number; contactId: number },
  fromId: number,
): Promise<TConversationContext> => {
  const rows = await findTicketTail(tx, tenantId, ticket.id, { fromId, limit: CONTEXT_MESSAGES });
  const contact = await findContactRow(tx, tenantId, ticket.contactId);
  const queues = (await findQueues(tx, tenantId)).filter((queue) => queue.isActive);
  const tags = await findTags(tx, tenantId, true);
  const variables = await buildTicketVariables(tx, tenantId, ticket.id);
  return {
    variables,
    rows,
    contact: { name: contact?.name ?? '', number: contact?.number ?? null, email: contact?.email ?? null },
    queues: queues.map((queue) => ({ id: queue.id, name: queue.queue })),
    tags: tags.map((tag) => ({ id: tag.id, name: tag.tag })),
  };
};

/** The system prompt: the admin's (its `{{variables}}` filled), then the facts the model may use and the tools' rules. */
export const systemPromptOf = (prompt: string, context: TConversationContext, now: Date): string =>
  [
    fillVariables(prompt, context.variables.values, { timeZone: context.variables.timeZone, at: now }).trim() ||
      'Você é o assistente de atendimento desta empresa. Responda em português do Brasil, com frases curtas e cordiais.',
    `Cliente: ${context.contact.name || 'sem nome'}.`,
    `Data e hora: ${now.toISOString()}.`,
    context.queues.length > 0 ? `Filas de atendimento: ${context.queues.map((q) => q.name).join(', ')}.` : '',
    'Quando o cliente pedir uma pessoa, ou você não souber responder, use a ferramenta de transferência.',
  ]
    .filter(Boolean)
    .join('\n');
