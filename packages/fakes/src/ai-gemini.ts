import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord, startSse, type TAiBody } from './ai-http.js';
import {
  pause,
  piecesOf,
  type TAiAnswer,
  type TAiAsk,
  type TAiFakeContext,
  type TAiScriptedError,
} from './ai-script.js';

// The native Gemini API as @ai-sdk/google calls it: `POST /v1beta/models/{model}:generateContent` and
// `:streamGenerateContent?alt=sse`, the key in `x-goog-api-key` (or `?key=`), text and functionCall parts,
// usageMetadata. Errors in Google's shape `{error:{code,message,status,details?}}`; like the real API, a wrong
// key is a 400 with reason API_KEY_INVALID and a 429 says when to retry in a RetryInfo detail.

const statuses: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const sendError = (res: ServerResponse, error: TAiScriptedError, message?: string, details?: unknown[]) => {
  const status = statuses[error.status] ?? (error.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  const retry =
    error.retryAfter !== undefined
      ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${error.retryAfter}s` }]
      : [];
  const allDetails = [...(details ?? []), ...retry];
  const body = error.body ?? {
    error: {
      code: error.status,
      message: message ?? `Fake ${status}.`,
      status,
      ...(allDetails.length > 0 ? { details: allDetails } : {}),
    },
  };
  res.writeHead(error.status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
};

const keyError = (res: ServerResponse, given: string | undefined) =>
  given
    ? sendError(res, { status: 400 }, 'API key not valid. Please pass a valid API key.', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
      ])
    : sendError(
        res,
        { status: 403 },
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );

type TPart = Record<string, unknown>;

const partsOf = (content: unknown): TPart[] =>
  isRecord(content) && Array.isArray(content.parts) ? content.parts.filter(isRecord) : [];

const askOf = (body: Record<string, unknown>): TAiAsk | null => {
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0 || !contents.every(isRecord)) return null;
  const lastUser = [...contents]
    .reverse()
    .find((c) => c.role !== 'model' && partsOf(c).some((p) => typeof p.text === 'string'));
  return {
    lastUserText: partsOf(lastUser)
      .flatMap((p) => (typeof p.text === 'string' ? [p.text] : []))
      .join('\n'),
    afterToolResult: partsOf(contents.at(-1)).some((p) => isRecord(p.functionResponse)),
    promptChars: JSON.stringify(contents).length + JSON.stringify(body.systemInstruction ?? '').length,
  };
};

const usageOf = (answer: TAiAnswer) => ({
  promptTokenCount: answer.usage.input,
  candidatesTokenCount: answer.usage.output,
  totalTokenCount: answer.usage.input + answer.usage.output,
});

const callParts = (answer: TAiAnswer) =>
  answer.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } }));

const candidate = (parts: TPart[], finishReason?: string) => ({
  content: { parts, role: 'model' },
  ...(finishReason ? { finishReason } : {}),
  index: 0,
});

/** Answers `/v1beta/models/{model}:generateContent` and `:streamGenerateContent`; false for other paths. */
export const answerGemini = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: TAiBody,
  ctx: TAiFakeContext,
): Promise<boolean> => {
  const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
  if (req.method !== 'POST' || !match) return false;
  const header = req.headers['x-goog-api-key'];
  const key = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('key') ?? undefined;
  if (ctx.apiKey !== undefined && key !== ctx.apiKey) {
    keyError(res, key);
    return true;
  }
  const ask = body.kind === 'json' && isRecord(body.value) ? askOf(body.value) : null;
  if (!ask) {
    sendError(res, { status: 400 }, '* GenerateContentRequest.contents: contents is not specified');
    return true;
  }
  const answer = ctx.script.nextChat(ask);
  await pause(answer.delayMs);
  const model = match[1] ?? '';
  const id = ctx.nextId();
  if (answer.error) sendError(res, answer.error);
  else if (match[2] === 'generateContent') {
    const parts = [...(answer.text !== '' ? [{ text: answer.text }] : []), ...callParts(answer)];
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(
      JSON.stringify({
        candidates: [candidate(parts, 'STOP')],
        usageMetadata: usageOf(answer),
        modelVersion: model,
        responseId: id,
      }),
    );
  } else {
    // NOTE: without `alt=sse` Google streams a JSON array; the SDK always asks for SSE, so only that is served.
    const sse = startSse(res);
    for (const text of piecesOf(answer.text))
      sse.send({ candidates: [candidate([{ text }])], modelVersion: model, responseId: id });
    sse.send({
      candidates: [candidate(callParts(answer), 'STOP')],
      usageMetadata: usageOf(answer),
      modelVersion: model,
      responseId: id,
    });
    sse.end();
  }
  return true;
};
