import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './fake-http.js';

// HTTP pieces the AI fakes share: the request body (JSON or multipart) and server-sent events.

export type TAiBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: FormData }
  | { kind: 'empty' }
  | { kind: 'invalid' };

export const readAiBody = async (req: IncomingMessage): Promise<TAiBody> => {
  const raw = await readBody(req);
  if (raw.length === 0) return { kind: 'empty' };
  const type = req.headers['content-type'] ?? '';
  try {
    if (type.startsWith('multipart/form-data')) {
      return { kind: 'form', value: await new Response(raw, { headers: { 'content-type': type } }).formData() };
    }
    return { kind: 'json', value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { kind: 'invalid' };
  }
};

/** Starts an event stream; `send` writes one event (`event:` line only when named). */
export const startSse = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return {
    send: (data: unknown, event?: string) =>
      res.write(
        `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
      ),
    end: () => res.end(),
  };
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a message's content: a string, or the `text` of its text parts. */
export const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => isRecord(part) && typeof part.text === 'string' && (part.type ?? 'text') === 'text')
    .map((part) => (part as { text: string }).text)
    .join('\n');
};
