import type { Tool } from 'ai';
import { z } from 'zod';
import type { TConversationContext } from './conversation-context.js';

/** What the model asked for with its tools; applied after its reply, in the same transaction. */
export type TAssistantIntent =
  | { kind: 'handoff'; queueId: number | null; reason: string }
  | { kind: 'close' }
  | { kind: 'tag'; tagId: number };

export type TToolCallLog = { name: string; input: unknown };

/** The SDK's `tool`, which only types its argument: no need to load the SDK to describe the tools. */
const tool = <TInput, TOutput>(definition: Tool<TInput, TOutput>): Tool<TInput, TOutput> => definition;

const normal = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * The tools a model may call on a ticket: hand off (to a named queue or the assistant's destination), close,
 * add one of the tenant's tags, read a field of the contact. They only record the intent; nothing is written
 * until the reply is stored.
 */
export const assistantTools = (context: TConversationContext, intents: TAssistantIntent[]) => ({
  hand_off: tool({
    description:
      'Transfere a conversa para atendimento humano. Use quando o cliente pedir uma pessoa ou quando você não puder ajudar. Informe a fila se o cliente escolheu uma.',
    inputSchema: z.object({
      queue: z.string().max(100).optional().describe('Nome da fila de destino, se houver'),
      reason: z.string().max(300).optional(),
    }),
    execute: async ({ queue, reason }) => {
      const found = queue ? context.queues.find((q) => normal(q.name) === normal(queue)) : undefined;
      if (queue && !found)
        return { ok: false, error: `Fila desconhecida. Filas: ${context.queues.map((q) => q.name).join(', ')}` };
      intents.push({ kind: 'handoff', queueId: found?.id ?? null, reason: reason ?? 'tool' });
      return { ok: true };
    },
  }),
  close_ticket: tool({
    description: 'Encerra o atendimento quando o cliente se despedir ou disser que não precisa de mais nada.',
    inputSchema: z.object({}),
    execute: async () => {
      intents.push({ kind: 'close' });
      return { ok: true };
    },
  }),
  add_tag: tool({
    description: `Marca a conversa com uma etiqueta. Etiquetas: ${context.tags.map((t) => t.name).join(', ') || 'nenhuma'}.`,
    inputSchema: z.object({ tag: z.string().max(100) }),
    execute: async ({ tag }) => {
      const found = context.tags.find((t) => normal(t.name) === normal(tag));
      if (!found) return { ok: false, error: 'Etiqueta desconhecida' };
      intents.push({ kind: 'tag', tagId: found.id });
      return { ok: true };
    },
  }),
  get_contact_field: tool({
    description: 'Lê um dado do cadastro do cliente.',
    inputSchema: z.object({ field: z.enum(['name', 'number', 'email']) }),
    execute: async ({ field }) => ({ value: context.contact[field] ?? null }),
  }),
});
