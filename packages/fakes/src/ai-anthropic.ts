import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord, startSse, type TAiBody, textOf } from './ai-http.js';
import {
  pause,
  piecesOf,
  type TAiAnswer,
  type TAiAsk,
  type TAiFakeContext,
  type TAiScriptedError,
} from './ai-script.js';

// Anthropic's Messages API as the fake serves it: `POST /v1/messages` with `x-api-key` and `anthropic-version`,
// `max_tokens` required, text and `tool_use` blocks, a `tool_result` checked against the tool_use it answers,
// the JSON message or its event stream.

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const sendError = (res: ServerResponse, error: TAiScriptedError, message?: string) => {
  const type = errorTypes[error.status] ?? (error.status >= 500 ? 'api_error' : 'invalid_request_error');
  const body = error.body ?? { type: 'error', error: { type, message: message ?? `Fake ${type}.` } };
  res.writeHead(error.status, {
    'content-type': 'application/json',
    ...(error.retryAfter !== undefined ? { 'retry-after': String(error.retryAfter) } : {}),
  });
  res.end(JSON.stringify(body));
};

const badRequest = (res: ServerResponse, message: string) => sendError(res, { status: 400 }, message);

type TBlock = Record<string, unknown>;

const blocksOf = (content: unknown): TBlock[] =>
  typeof content === 'string'
    ? [{ type: 'text', text: content }]
    : Array.isArray(content)
      ? content.filter(isRecord)
      : [];

/**
 * Reads the messages: the customer's last words, and whether the last turn carries tool results. A tool_result
 * must answer a tool_use of the assistant message just before it, as the real API demands.
 */
const askOf = (body: Record<string, unknown>): TAiAsk | string => {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isRecord)) return 'messages: Field required';
  for (const [index, message] of messages.entries()) {
    const results = blocksOf(message.content).filter((b) => b.type === 'tool_result');
    if (results.length === 0) continue;
    const previous = blocksOf(messages[index - 1]?.content);
    const asked = new Set(previous.filter((b) => b.type === 'tool_use').map((b) => b.id));
    const orphan = results.find((r) => !asked.has(r.tool_use_id));
    if (message.role !== 'user' || orphan) {
      return `messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(orphan?.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
  }
  const lastUser = [...messages]
    .reverse()
    .find((m) => m.role === 'user' && blocksOf(m.content).some((b) => b.type === 'text'));
  const last = messages.at(-1);
  return {
    lastUserText: textOf(blocksOf(lastUser?.content)),
    afterToolResult: blocksOf(last?.content).some((b) => b.type === 'tool_result'),
    promptChars: JSON.stringify(messages).length + String(body.system ?? '').length,
  };
};

const contentOf = (answer: TAiAnswer, id: string): TBlock[] => [
  ...(answer.text !== '' || answer.toolCalls.length === 0 ? [{ type: 'text', text: answer.text }] : []),
  ...answer.toolCalls.map((call, index) => ({
    type: 'tool_use',
    id: `toolu_${id}_${index}`,
    name: call.name,
    input: call.arguments,
  })),
];

const stopReasonOf = (answer: TAiAnswer) => (answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn');

const streamMessage = (res: ServerResponse, answer: TAiAnswer, model: string, id: string) => {
  const sse = startSse(res);
  const send = (event: string, data: Record<string, unknown>) => sse.send({ type: event, ...data }, event);
  send('message_start', {
    message: {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: answer.usage.input, output_tokens: 1 },
    },
  });
  send('ping', {});
  contentOf(answer, id).forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of piecesOf(String(block.text))) {
        send('content_block_delta', { index, delta: { type: 'text_delta', text } });
      }
    } else {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      for (const partial of piecesOf(JSON.stringify(block.input), 8)) {
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: partial } });
      }
    }
    send('content_block_stop', { index });
  });
  send('message_delta', {
    delta: { stop_reason: stopReasonOf(answer), stop_sequence: null },
    usage: { output_tokens: answer.usage.output },
  });
  send('message_stop', {});
  sse.end();
};

/** Answers `POST /v1/messages`; false for any other path. */
export const answerAnthropic = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: TAiBody,
  ctx: TAiFakeContext,
): Promise<boolean> => {
  if (req.method !== 'POST' || url.pathname.replace(/\/+$/, '') !== '/v1/messages') return false;
  const key = req.headers['x-api-key'];
  if (ctx.apiKey !== undefined && key !== ctx.apiKey) {
    sendError(res, { status: 401 }, key ? 'invalid x-api-key' : 'x-api-key header is required');
    return true;
  }
  if (!req.headers['anthropic-version']) {
    badRequest(res, 'anthropic-version: header is required');
    return true;
  }
  if (body.kind !== 'json' || !isRecord(body.value)) {
    badRequest(res, 'There was an issue with your request body: expected JSON.');
    return true;
  }
  const request = body.value;
  if (typeof request.model !== 'string' || request.model === '') badRequest(res, 'model: Field required');
  else if (typeof request.max_tokens !== 'number') badRequest(res, 'max_tokens: Field required');
  else {
    const ask = askOf(request);
    if (typeof ask === 'string') {
      badRequest(res, ask);
      return true;
    }
    const answer = ctx.script.nextChat(ask);
    await pause(answer.delayMs);
    const id = ctx.nextId();
    if (answer.error) sendError(res, answer.error);
    else if (request.stream === true) streamMessage(res, answer, request.model, id);
    else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `msg_${id}`,
          type: 'message',
          role: 'assistant',
          model: request.model,
          content: contentOf(answer, id),
          stop_reason: stopReasonOf(answer),
          stop_sequence: null,
          usage: { input_tokens: answer.usage.input, output_tokens: answer.usage.output },
        }),
      );
    }
  }
  return true;
};
