import type { ServerResponse } from 'node:http';
import { isRecord, startSse, textOf } from './ai-http.js';
import { piecesOf, type TAiAnswer, type TAiAsk, type TAiScriptedError } from './ai-script.js';
import { json } from './fake-http.js';

// OpenAI's chat completions as the fake answers them: the JSON completion, its streamed chunks and the error body.

const errorKinds: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Forbidden.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request.' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

/** An OpenAI error: `{error:{message,type,param,code}}`, with `retry-after` when given. */
export const openAiError = (res: ServerResponse, error: TAiScriptedError) => {
  const kind = errorKinds[error.status] ?? errorKinds[error.status >= 500 ? 500 : 400];
  const body = error.body ?? { error: { message: kind?.message, type: kind?.type, param: null, code: kind?.code } };
  res.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    ...(error.retryAfter !== undefined ? { 'retry-after': String(error.retryAfter) } : {}),
  });
  res.end(JSON.stringify(body));
};

export const openAiBadRequest = (res: ServerResponse, message: string, param: string | null = null) =>
  json(res, 400, { error: { message, type: 'invalid_request_error', param, code: null } });

/** Reads a chat completions body: the customer's last words and whether a tool result closes it. */
export const askOfOpenAiChat = (body: Record<string, unknown>): TAiAsk | string => {
  if (typeof body.model !== 'string' || body.model === '') return 'model';
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isRecord)) return 'messages';
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return {
    lastUserText: textOf(lastUser?.content),
    afterToolResult: messages.at(-1)?.role === 'tool',
    promptChars: JSON.stringify(messages).length,
  };
};

const toolCallsOf = (answer: TAiAnswer, id: string) =>
  answer.toolCalls.map((call, index) => ({
    id: `call_${id}_${index}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));

const usageOf = (answer: TAiAnswer) => ({
  prompt_tokens: answer.usage.input,
  completion_tokens: answer.usage.output,
  total_tokens: answer.usage.input + answer.usage.output,
});

const finishOf = (answer: TAiAnswer) => (answer.toolCalls.length > 0 ? 'tool_calls' : 'stop');

export const sendOpenAiCompletion = (res: ServerResponse, answer: TAiAnswer, model: string, id: string) => {
  const toolCalls = toolCallsOf(answer, id);
  json(res, 200, {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text === '' && toolCalls.length > 0 ? null : answer.text,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishOf(answer),
      },
    ],
    usage: usageOf(answer),
  });
};

/**
 * Streams a completion as OpenAI does: a role chunk, content pieces, each tool call's id and name then its
 * arguments in pieces, a chunk with `finish_reason`, the usage chunk (`choices: []`) when asked, `[DONE]`.
 */
export const streamOpenAiCompletion = (
  res: ServerResponse,
  answer: TAiAnswer,
  options: { model: string; id: string; includeUsage: boolean },
) => {
  const sse = startSse(res);
  const created = Math.floor(Date.now() / 1000);
  const base = { id: `chatcmpl-${options.id}`, object: 'chat.completion.chunk', created, model: options.model };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    sse.send({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  chunk({ role: 'assistant', content: '', refusal: null });
  for (const piece of piecesOf(answer.text)) chunk({ content: piece });
  toolCallsOf(answer, options.id).forEach((call, index) => {
    chunk({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
    });
    for (const piece of piecesOf(call.function.arguments, 8))
      chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  chunk({}, finishOf(answer));
  if (options.includeUsage) sse.send({ ...base, choices: [], usage: usageOf(answer) });
  sse.send('[DONE]');
  sse.end();
};
