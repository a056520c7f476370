import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord, type TAiBody } from './ai-http.js';
import {
  askOfOpenAiChat,
  openAiBadRequest,
  openAiError,
  sendOpenAiCompletion,
  streamOpenAiCompletion,
} from './ai-openai-protocol.js';
import { pause, type TAiAnswer, type TAiFakeContext } from './ai-script.js';
import { json } from './fake-http.js';

// The OpenAI API under `/v1` as the fake serves it (also the OpenAI-compatible servers: LM Studio, Ollama, Grok,
// DeepSeek, Qwen, GroqCloud): chat completions, Whisper transcriptions and the model list. `/v1/responses` is
// not served: the model layer asks `openai.chat(model)`, the chat completions every compatible server speaks.

const models = ['gpt-4o-mini', 'gpt-4o', 'whisper-1', 'whisper-large-v3-turbo', 'llama3.1', 'deepseek-chat'];

const languageNames: Record<string, string> = { pt: 'portuguese', en: 'english', es: 'spanish' };

const isAuthorized = (req: IncomingMessage, apiKey: string | undefined) =>
  apiKey === undefined || req.headers.authorization === `Bearer ${apiKey}`;

const answerChat = async (res: ServerResponse, body: TAiBody, ctx: TAiFakeContext) => {
  if (body.kind !== 'json' || !isRecord(body.value)) {
    return openAiBadRequest(res, 'We could not parse the JSON body of your request.');
  }
  const request = body.value;
  const ask = askOfOpenAiChat(request);
  if (typeof ask === 'string') return openAiBadRequest(res, `Missing required parameter: '${ask}'.`, ask);
  const answer = ctx.script.nextChat(ask);
  await pause(answer.delayMs);
  if (answer.error) return openAiError(res, answer.error);
  const model = String(request.model);
  if (request.stream !== true) return sendOpenAiCompletion(res, answer, model, ctx.nextId());
  const streamOptions = isRecord(request.stream_options) ? request.stream_options : {};
  return streamOpenAiCompletion(res, answer, {
    model,
    id: ctx.nextId(),
    includeUsage: streamOptions.include_usage === true,
  });
};

const sendTranscript = (res: ServerResponse, answer: TAiAnswer, format: string, language: string) => {
  if (format === 'text') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end(answer.text);
  }
  if (format !== 'verbose_json') return json(res, 200, { text: answer.text });
  const duration = Math.max(1, Math.round(answer.text.length / 15));
  return json(res, 200, {
    task: 'transcribe',
    language: languageNames[language] ?? 'english',
    duration,
    text: answer.text,
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0,
        end: duration,
        text: answer.text,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1,
        no_speech_prob: 0.01,
      },
    ],
  });
};

/** `POST /v1/audio/transcriptions` (multipart: file, model, language?, response_format?). */
const answerTranscription = async (res: ServerResponse, body: TAiBody, ctx: TAiFakeContext) => {
  if (body.kind !== 'form') return openAiBadRequest(res, 'Expected a multipart/form-data body.');
  const form = body.value;
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0)
    return openAiBadRequest(res, "Missing required parameter: 'file'.", 'file');
  const model = form.get('model');
  if (typeof model !== 'string' || model === '')
    return openAiBadRequest(res, "Missing required parameter: 'model'.", 'model');
  const format = String(form.get('response_format') ?? 'json');
  if (!['json', 'text', 'verbose_json'].includes(format)) {
    return openAiBadRequest(res, `Invalid value for 'response_format': '${format}'.`, 'response_format');
  }
  const answer = ctx.script.nextTranscript();
  await pause(answer.delayMs);
  if (answer.error) return openAiError(res, answer.error);
  return sendTranscript(res, answer, format, String(form.get('language') ?? ''));
};

/** What the fake recorded of a multipart body: its fields, and its files as name, type and size. */
export const describeForm = (form: FormData) =>
  Object.fromEntries(
    [...form.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : { name: (value as File).name, type: value.type, size: value.size },
    ]),
  );

/** Answers a request under `/v1` when it is OpenAI's; false when the path is not one of its. */
export const answerOpenAi = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: TAiBody,
  ctx: TAiFakeContext,
): Promise<boolean> => {
  const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
  const known = ['POST /v1/chat/completions', 'POST /v1/audio/transcriptions', 'GET /v1/models'];
  if (!known.includes(route)) return false;
  if (!isAuthorized(req, ctx.apiKey)) {
    openAiError(res, {
      status: 401,
      body: {
        error: {
          message:
            'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    });
    return true;
  }
  if (route === 'GET /v1/models') {
    json(res, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
    });
  } else if (route === 'POST /v1/chat/completions') await answerChat(res, body, ctx);
  else await answerTranscription(res, body, ctx);
  return true;
};
