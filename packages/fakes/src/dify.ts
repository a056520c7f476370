import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, json, startJsonFakeServer } from './fake-http.js';

/** The demo app's key (type it in Prosa's Dify screen). */
export const demoDify = { apiKey: 'app-demo-prosa-123' };

/** What the scripted app is asked: the query, the conversation it belongs to and its earlier queries. */
export type TDifyQuestion = { query: string; user: string; conversationId: string; history: string[]; inputs: unknown };
export type TDifyRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  status: number;
};
/** A failure the next call answers: in blocking mode an HTTP error, in streaming mode an `error` event. */
export type TDifyFailure = { status: number; code?: string; message?: string };

const usage = (query: string, answer: string) => {
  const prompt = Math.ceil(query.length / 4) + 20;
  const completion = Math.ceil(answer.length / 4);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    total_price: '0.0000',
    currency: 'USD',
    latency: 0.05,
  };
};

const error = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message, status });

/**
 * A fake Dify on loopback speaking its app API under `/v1`, `Authorization: Bearer <app key>`:
 * `POST /v1/chat-messages` (blocking: one JSON answer; streaming: SSE `message` chunks then `message_end` with
 * `metadata.usage`, or an `error` event), with `conversation_id` '' starting a conversation and an unknown one a
 * 404 "Conversation Not Exists."; `POST /v1/completion-messages` (text generator) and `POST /v1/workflows/run`
 * (workflow apps, the answer in `data.outputs.text`). `answer` scripts the app (default: it echoes).
 */
export const startFakeDify = async (options: { apiKey: string; port?: number }) => {
  const conversations = new Map<string, { user: string; queries: string[] }>();
  const requests: TDifyRequest[] = [];
  const failures: TDifyFailure[] = [];

  const fake = {
    /** The scripted app: what it answers to a question (default: it echoes). */
    answer: (question: TDifyQuestion): string => `Você disse: ${question.query}`,
    /** An agent app streams `agent_message` chunks instead of `message`. */
    agent: false,
  };

  const stream = (res: ServerResponse, events: unknown[]) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.end();
  };

  const chatMessages = (res: ServerResponse, input: Record<string, unknown>, agent: boolean) => {
    if (typeof input.query !== 'string' || input.query === '')
      return error(res, 400, 'invalid_param', 'query is required');
    if (typeof input.user !== 'string' || input.user === '')
      return error(res, 400, 'invalid_param', 'user is required');
    const mode = input.response_mode ?? 'streaming';
    let conversationId = typeof input.conversation_id === 'string' ? input.conversation_id : '';
    const known = conversations.get(conversationId);
    if (conversationId !== '' && (!known || known.user !== input.user))
      return error(res, 404, 'not_found', 'Conversation Not Exists.');
    const failure = failures.shift();
    if (failure && mode === 'blocking')
      return error(
        res,
        failure.status,
        failure.code ?? 'internal_server_error',
        failure.message ?? 'Internal Server Error',
      );
    const conversation = known ?? { user: input.user, queries: [] };
    if (!known) {
      conversationId = randomUUID();
      conversations.set(conversationId, conversation);
    }
    const answer = fake.answer({
      query: input.query,
      user: input.user,
      conversationId,
      history: [...conversation.queries],
      inputs: input.inputs ?? {},
    });
    conversation.queries.push(input.query);
    const ids = { task_id: randomUUID(), message_id: randomUUID(), conversation_id: conversationId };
    const createdAt = Math.floor(Date.now() / 1000);
    if (mode === 'blocking')
      return json(res, 200, {
        event: 'message',
        ...ids,
        id: ids.message_id,
        mode: agent ? 'agent-chat' : 'chat',
        answer,
        metadata: { usage: usage(input.query, answer), retriever_resources: [] },
        created_at: createdAt,
      });
    const chunks = answer.match(/\S+\s*|\s+/g) ?? [];
    if (failure)
      return stream(res, [
        ...chunks.slice(0, 1).map((chunk) => ({ event: 'message', ...ids, answer: chunk, created_at: createdAt })),
        {
          event: 'error',
          ...ids,
          status: failure.status,
          code: failure.code ?? 'completion_request_error',
          message: failure.message ?? 'Internal Server Error',
        },
      ]);
    return stream(res, [
      ...chunks.map((chunk) => ({
        event: agent ? 'agent_message' : 'message',
        ...ids,
        id: ids.message_id,
        answer: chunk,
        created_at: createdAt,
      })),
      {
        event: 'message_end',
        ...ids,
        id: ids.message_id,
        metadata: { usage: usage(input.query, answer), retriever_resources: [] },
      },
    ]);
  };

  /** The apps without conversations: the text generator and the workflow take the text in `inputs.query`. */
  const oneShot = (res: ServerResponse, input: Record<string, unknown>, kind: 'completion' | 'workflow') => {
    const inputs = (input.inputs ?? {}) as Record<string, unknown>;
    const query = typeof inputs.query === 'string' ? inputs.query : '';
    if (query === '') return error(res, 400, 'invalid_param', 'query is required in input form');
    if (typeof input.user !== 'string' || input.user === '')
      return error(res, 400, 'invalid_param', 'user is required');
    const failure = failures.shift();
    if (failure)
      return error(
        res,
        failure.status,
        failure.code ?? 'internal_server_error',
        failure.message ?? 'Internal Server Error',
      );
    const answer = fake.answer({ query, user: input.user, conversationId: '', history: [], inputs });
    const id = randomUUID();
    if (kind === 'completion')
      return json(res, 200, {
        event: 'message',
        task_id: randomUUID(),
        id,
        message_id: id,
        mode: 'completion',
        answer,
        metadata: { usage: usage(query, answer) },
        created_at: Math.floor(Date.now() / 1000),
      });
    return json(res, 200, {
      workflow_run_id: id,
      task_id: randomUUID(),
      data: {
        id,
        workflow_id: 'workflow-demo',
        status: 'succeeded',
        outputs: { text: answer },
        error: null,
        total_tokens: 0,
      },
    });
  };

  const api = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer '))
      return error(res, 401, 'unauthorized', "Authorization header must be provided and start with 'Bearer'");
    if (header !== `Bearer ${options.apiKey}`) return error(res, 401, 'unauthorized', 'Access token is invalid');
    const input = (body ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && url.pathname === '/v1/chat-messages') return chatMessages(res, input, fake.agent);
    if (req.method === 'POST' && url.pathname === '/v1/completion-messages') return oneShot(res, input, 'completion');
    if (req.method === 'POST' && url.pathname === '/v1/workflows/run') return oneShot(res, input, 'workflow');
    return error(res, 404, 'not_found', 'The requested URL was not found on the server.');
  };

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => error(res, 400, 'invalid_param', 'Failed to decode JSON object'),
    onError: (res, err) => error(res, 500, 'internal_server_error', String(err)),
    handle: (req, res, url, body) => {
      if (url.pathname.startsWith('/_fake/'))
        return answerControl(req, res, url, {
          get: {
            requests: () => requests,
            conversations: () => [...conversations].map(([id, c]) => ({ id, ...c })),
          },
        });
      res.on('finish', () =>
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization ?? null,
          body,
          status: res.statusCode,
        }),
      );
      return api(req, res, url, body);
    },
  });

  return Object.assign(fake, {
    baseUrl: server.baseUrl,
    /** What Prosa's Dify screen takes as the API address. */
    apiUrl: `${server.baseUrl}/v1`,
    /** Every call, oldest first (also the refused ones), recorded once answered. */
    requests,
    conversations: () => [...conversations].map(([id, c]) => ({ id, ...c })),
    /** The next calls fail with these, in order. */
    failNext: (...next: TDifyFailure[]) => {
      failures.push(...next);
    },
    close: server.close,
  });
};

export type TFakeDify = Awaited<ReturnType<typeof startFakeDify>>;
