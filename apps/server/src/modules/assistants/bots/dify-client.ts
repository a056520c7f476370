import {
  BotCallError,
  normalizeKeyword,
  type TBotClient,
  type TBotConverseInput,
  type TBotSession,
} from './bot-client.js';
import { assertOk, callBot, describeStatus, parseJson, trimBase } from './bot-http.js';

type TInput = TBotConverseInput<'dify'>;
type TDifyEvent = { event?: unknown; answer?: unknown; conversation_id?: unknown; status?: unknown; message?: unknown };

const post = (input: TInput, path: string, body: unknown) =>
  callBot('dify', input, `${trimBase(input.settings.url)}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(input.settings.apiKey ? { authorization: `Bearer ${input.settings.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** An agent app only streams: the SSE events read whole, the answer's chunks joined, an `error` event thrown. */
const readStream = (text: string): { answer: string; conversationId: string } => {
  let answer = '';
  let conversationId = '';
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = parseJson(line.slice(5).trim()) as TDifyEvent | undefined;
    if (!event) continue;
    if (typeof event.conversation_id === 'string' && event.conversation_id) conversationId = event.conversation_id;
    if ((event.event === 'message' || event.event === 'agent_message') && typeof event.answer === 'string')
      answer += event.answer;
    if (event.event === 'error') {
      const status = typeof event.status === 'number' ? event.status : 500;
      throw new BotCallError(
        'dify',
        describeStatus('dify', status, typeof event.message === 'string' ? event.message : undefined),
        status,
      );
    }
  }
  return { answer, conversationId };
};

const chat = async (input: TInput, conversationId: string) => {
  const streaming = input.settings.appType === 'agent';
  const answer = await post(input, '/chat-messages', {
    inputs: {},
    query: input.text,
    user: `ticket-${input.ticketId}`,
    conversation_id: conversationId,
    response_mode: streaming ? 'streaming' : 'blocking',
  });
  return { answer, streaming };
};

/** The text a workflow run left in its outputs: `text`, `answer`, `output`, else the first text output. */
const workflowText = (outputs: unknown) => {
  if (!outputs || typeof outputs !== 'object') return '';
  const values = outputs as Record<string, unknown>;
  for (const key of ['text', 'answer', 'output', 'result'])
    if (typeof values[key] === 'string') return values[key] as string;
  return (Object.values(values).find((value) => typeof value === 'string') as string | undefined) ?? '';
};

/** Text generators and workflows keep no conversation: each message is its own run, the text in `inputs.query`. */
const oneShot = async (input: TInput, session: TBotSession) => {
  const workflow = input.settings.appType === 'workflow';
  const answer = await post(input, workflow ? '/workflows/run' : '/completion-messages', {
    inputs: { query: input.text },
    response_mode: 'blocking',
    user: `ticket-${input.ticketId}`,
  });
  assertOk('dify', answer);
  const body = (parseJson(answer.text) ?? {}) as { answer?: unknown; data?: { outputs?: unknown; error?: unknown } };
  if (workflow && typeof body.data?.error === 'string' && body.data.error)
    throw new BotCallError('dify', describeStatus('dify', 500, body.data.error), answer.status);
  const text = workflow ? workflowText(body.data?.outputs) : typeof body.answer === 'string' ? body.answer : '';
  return { replies: text.trim() ? [{ kind: 'text' as const, text }] : [], session, ended: false };
};

/**
 * Dify's app API as the customer's user `ticket-<id>`: chat apps (chatBot; agent, which only streams) keep
 * Dify's `conversation_id` in the session, '' starting one (also on the restart keyword, or when Dify no longer
 * knows the stored one); text generators and workflows answer each message on its own. A Dify app never ends
 * the conversation: the exit keyword does.
 */
export const difyClient: TBotClient<'dify'> = {
  provider: 'dify',
  converse: async (input) => {
    const now = input.now ?? new Date();
    const restart = normalizeKeyword(input.text) === normalizeKeyword(input.settings.restartKeyword);
    const stored = restart ? null : input.session;
    if (input.settings.appType === 'textGenerator' || input.settings.appType === 'workflow')
      return oneShot(input, stored ?? { id: `ticket-${input.ticketId}`, startedAt: now.toISOString() });
    const storedId = typeof stored?.data?.conversationId === 'string' ? stored.data.conversationId : '';
    let { answer, streaming } = await chat(input, storedId);
    if (answer.status === 404 && storedId !== '') ({ answer, streaming } = await chat(input, ''));
    assertOk('dify', answer);
    const { answer: text, conversationId } = streaming
      ? readStream(answer.text)
      : (() => {
          const body = (parseJson(answer.text) ?? {}) as TDifyEvent;
          return {
            answer: typeof body.answer === 'string' ? body.answer : '',
            conversationId: typeof body.conversation_id === 'string' ? body.conversation_id : '',
          };
        })();
    if (conversationId === '') throw new BotCallError('dify', 'Dify respondeu sem o id da conversa', answer.status);
    const session: TBotSession =
      stored && conversationId === storedId
        ? stored
        : { id: conversationId, startedAt: now.toISOString(), data: { conversationId } };
    return { replies: text.trim() ? [{ kind: 'text', text }] : [], session, ended: false };
  },
};
