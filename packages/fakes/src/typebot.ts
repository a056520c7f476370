import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, json, startJsonFakeServer } from './fake-http.js';

/** One bubble a group shows: a text (may use `{{variable}}`) or an image. */
export type TTypebotBubble = { type: 'text'; text: string } | { type: 'image'; url: string };
/** What a group waits for: free text (kept in `variable`), or a choice whose item routes to its own group. */
export type TTypebotInput =
  | { type: 'text'; variable?: string; next?: string }
  | { type: 'choice'; items: { content: string; next?: string }[] };
/**
 * A group of the scripted bot: its bubbles, then its input (if any). The flow starts at the first group; after
 * a group it goes to its `next` (after an input: the chosen item's or the input's `next`); without one it ends.
 */
export type TTypebotGroup = { id: string; bubbles: TTypebotBubble[]; input?: TTypebotInput; next?: string };
export type TFakeTypebotBot = { publicId: string; token?: string; script: TTypebotGroup[] };

export type TTypebotSession = {
  id: string;
  publicId: string;
  resultId: string;
  /** The group whose input the session waits on; null once the flow ended. */
  groupId: string | null;
  variables: Record<string, string>;
  answers: string[];
};
export type TTypebotRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  status: number;
};

/** The demo bot: a menu whose choices route to their own groups, one of them asking for free text. */
export const demoTypebot: TFakeTypebotBot = {
  publicId: 'prosa-demo',
  script: [
    {
      id: 'menu',
      bubbles: [
        { type: 'text', text: 'Olá, {{name}}! Sou o bot da Prosa.' },
        { type: 'text', text: 'Como posso ajudar?' },
      ],
      input: {
        type: 'choice',
        items: [
          { content: 'Vendas', next: 'sales' },
          { content: 'Suporte', next: 'support' },
        ],
      },
    },
    {
      id: 'sales',
      bubbles: [
        { type: 'text', text: 'Temos planos a partir de R$ 49.' },
        { type: 'image', url: 'https://picsum.photos/seed/prosa/400/300' },
      ],
    },
    {
      id: 'support',
      bubbles: [{ type: 'text', text: 'Descreva o problema, por favor.' }],
      input: { type: 'text', variable: 'problem', next: 'thanks' },
    },
    { id: 'thanks', bubbles: [{ type: 'text', text: 'Obrigado! Registramos: {{problem}}' }] },
  ],
};

const fill = (text: string, variables: Record<string, string>) =>
  text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => variables[name] ?? '');

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/**
 * A fake Typebot viewer on loopback speaking the v1 chat API: `POST /api/v1/typebots/{publicId}/startChat` and
 * `POST /api/v1/sessions/{sessionId}/continueChat`, answering `{ sessionId?, messages, input? }` with text
 * bubbles as rich text (or markdown when `textBubbleContentFormat` asks) and images as `{ url }`. No `input` in an
 * answer means the flow ended (its session is gone: continuing it is a 404). A bot with a `token` is private:
 * starting it needs `Authorization: Bearer <token>` (401 otherwise). An answer that is none of a choice's items
 * gets Typebot's retry message and the same input again.
 */
export const startFakeTypebot = async (options: { bots: TFakeTypebotBot[]; port?: number }) => {
  const bots = new Map(options.bots.map((bot) => [bot.publicId, bot]));
  const sessions = new Map<string, TTypebotSession>();
  const requests: TTypebotRequest[] = [];

  const group = (bot: TFakeTypebotBot, id: string | undefined) => bot.script.find((g) => g.id === id);

  const textContent = (text: string, format: unknown) =>
    format === 'markdown'
      ? { type: 'markdown', markdown: text }
      : { type: 'richText', richText: text.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] })) };

  const inputOf = (g: TTypebotGroup) => {
    if (!g.input) return undefined;
    const id = `${g.id}-input`;
    if (g.input.type === 'text')
      return { id, type: 'text input', options: { labels: { placeholder: 'Digite sua resposta...' }, isLong: false } };
    return {
      id,
      type: 'choice input',
      options: { isMultipleChoice: false },
      items: g.input.items.map((item, i) => ({ id: `${id}-${i}`, content: item.content, outgoingEdgeId: `edge-${i}` })),
    };
  };

  /** Runs the flow from `start` until a group with an input (the session waits there) or the end. */
  const run = (bot: TFakeTypebotBot, session: TTypebotSession, start: TTypebotGroup | undefined, format: unknown) => {
    const messages: unknown[] = [];
    let current = start;
    while (current) {
      for (const bubble of current.bubbles)
        messages.push(
          bubble.type === 'text'
            ? { id: randomUUID(), type: 'text', content: textContent(fill(bubble.text, session.variables), format) }
            : { id: randomUUID(), type: 'image', content: { url: bubble.url } },
        );
      if (current.input) {
        session.groupId = current.id;
        return { messages, input: inputOf(current) };
      }
      current = group(bot, current.next);
    }
    session.groupId = null;
    sessions.delete(session.id);
    return { messages };
  };

  /** The customer's answer to the input the session waits on: the group it leads to, or null when invalid. */
  const answer = (bot: TFakeTypebotBot, session: TTypebotSession, text: string) => {
    const current = group(bot, session.groupId ?? undefined);
    if (!current?.input) return undefined;
    if (current.input.type === 'text') {
      if (current.input.variable) session.variables[current.input.variable] = text;
      session.answers.push(text);
      return group(bot, current.input.next);
    }
    const item = current.input.items.find((i) => normalize(i.content) === normalize(text));
    if (!item) return null;
    session.answers.push(item.content);
    return group(bot, item.next);
  };

  const messageText = (body: Record<string, unknown>) => {
    const message = body.message as { type?: unknown; text?: unknown } | string | undefined;
    if (typeof message === 'string') return message;
    return typeof message?.text === 'string' ? message.text : undefined;
  };

  const startChat = (req: IncomingMessage, publicId: string, body: Record<string, unknown>) => {
    const bot = bots.get(publicId);
    if (!bot) return { status: 404, payload: { message: 'Typebot not found', code: 'NOT_FOUND' } };
    if (bot.token && req.headers.authorization !== `Bearer ${bot.token}`)
      return {
        status: 401,
        payload: { message: 'You are not authorized to access this typebot', code: 'UNAUTHORIZED' },
      };
    const prefilled = (body.prefilledVariables ?? {}) as Record<string, unknown>;
    const session: TTypebotSession = {
      id: randomUUID(),
      publicId,
      resultId: randomUUID(),
      groupId: null,
      variables: Object.fromEntries(Object.entries(prefilled).map(([k, v]) => [k, String(v)])),
      answers: [],
    };
    sessions.set(session.id, session);
    const first = bot.script[0];
    const text = messageText(body);
    // A message at start answers the first input directly when the flow opens on one (as Typebot does).
    let start = first;
    if (text !== undefined && first?.input && first.bubbles.length === 0) {
      session.groupId = first.id;
      start = answer(bot, session, text) ?? first;
    }
    const result = run(bot, session, start, body.textBubbleContentFormat);
    return {
      status: 200,
      payload: {
        sessionId: session.id,
        resultId: session.resultId,
        typebot: { id: `typebot-${publicId}`, theme: {}, settings: {} },
        ...result,
      },
    };
  };

  const continueChat = (sessionId: string, body: Record<string, unknown>) => {
    const session = sessions.get(sessionId);
    const bot = session && bots.get(session.publicId);
    if (!session || !bot) return { status: 404, payload: { message: 'Session not found.', code: 'NOT_FOUND' } };
    const text = messageText(body);
    if (text === undefined) return { status: 400, payload: { message: 'Missing message', code: 'BAD_REQUEST' } };
    const next = answer(bot, session, text);
    if (next === null) {
      const current = group(bot, session.groupId ?? undefined) as TTypebotGroup;
      return {
        status: 200,
        payload: {
          messages: [
            {
              id: randomUUID(),
              type: 'text',
              content: textContent('Invalid message. Please, try again.', body.textBubbleContentFormat),
            },
          ],
          input: inputOf(current),
        },
      };
    }
    return { status: 200, payload: run(bot, session, next, body.textBubbleContentFormat) };
  };

  const api = (req: IncomingMessage, url: URL, body: Record<string, unknown>) => {
    if (req.method !== 'POST') return { status: 404, payload: { message: 'Not found', code: 'NOT_FOUND' } };
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(url.pathname);
    if (start) return startChat(req, decodeURIComponent(start[1] as string), body);
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(url.pathname);
    if (next) return continueChat(decodeURIComponent(next[1] as string), body);
    return { status: 404, payload: { message: 'Not found', code: 'NOT_FOUND' } };
  };

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => json(res, 400, { message: 'Invalid JSON body', code: 'PARSE_ERROR' }),
    onError: (res, error) => json(res, 500, { message: String(error), code: 'INTERNAL_SERVER_ERROR' }),
    handle: (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
      if (url.pathname.startsWith('/_fake/'))
        return answerControl(req, res, url, {
          get: { requests: () => requests, sessions: () => [...sessions.values()] },
        });
      const { status, payload } = api(req, url, (body ?? {}) as Record<string, unknown>);
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization ?? null,
        body,
        status,
      });
      return json(res, status, payload);
    },
  });

  return {
    baseUrl: server.baseUrl,
    /** Every call to the chat API, oldest first (also the refused ones). */
    requests,
    /** The sessions waiting on an input (an ended flow's session is gone). */
    sessions: () => [...sessions.values()],
    /** Forgets a session, as Typebot does when it expires: continuing it is a 404. */
    expireSession: (id: string) => sessions.delete(id),
    close: server.close,
  };
};

export type TFakeTypebot = Awaited<ReturnType<typeof startFakeTypebot>>;
