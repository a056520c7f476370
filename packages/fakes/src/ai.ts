import type { ServerResponse } from 'node:http';
import { answerAnthropic } from './ai-anthropic.js';
import { answerGemini } from './ai-gemini.js';
import { readAiBody, type TAiBody } from './ai-http.js';
import { answerOpenAi, describeForm } from './ai-openai.js';
import { createAiScript, type TAiFakeContext, type TAiRule, type TAiTurn } from './ai-script.js';
import { answerControl, json, startFakeServer } from './fake-http.js';

export type {
  TAiRequest,
  TAiRule,
  TAiScriptedError,
  TAiToolCall,
  TAiTurn,
} from './ai-script.js';
export { defaultTranscript } from './ai-script.js';

const recordedBody = (body: TAiBody) =>
  body.kind === 'json' ? body.value : body.kind === 'form' ? describeForm(body.value) : null;

/**
 * Fake AI providers on one loopback port, all answering from one script: OpenAI and the OpenAI-compatible
 * servers (`/v1/chat/completions` JSON and SSE with tool calls, `/v1/audio/transcriptions`, `/v1/models`),
 * Anthropic (`/v1/messages`) and Gemini (`/v1beta/models/{model}:generateContent` / `:streamGenerateContent`).
 * With `apiKey`, every request must carry it (Bearer, `x-api-key`, `x-goog-api-key`) or gets the provider's
 * own refusal; without, any key or none is taken (LM Studio, Ollama).
 *
 * Control paths, unauthenticated: `POST /_fake/script` (a list of turns `{ text?, toolCalls?: [{name,
 * arguments}], error?: {status, body?, retryAfter?}, delayMs?, usage?: {input, output} }`, answered in order,
 * transcriptions included), `POST /_fake/rules` (`[{ when, reply, toolCall? }]`: when the customer's last
 * message contains `when`, the tool call first and `reply` after its result), `GET /_fake/requests` (every
 * request: path, headers with keys redacted, body; files as name, type and size), `POST /_fake/reset`. With no
 * turn and no rule, the answer is "Resposta de teste para: <last user message>" and the transcript
 * "Transcrição de teste".
 */
export const startFakeAi = async (options: { port?: number; apiKey?: string } = {}) => {
  const script = createAiScript();
  let ids = 0;
  const ctx: TAiFakeContext = { script, apiKey: options.apiKey, nextId: () => `fake${++ids}` };

  const onControl = (req: Parameters<typeof answerControl>[0], res: ServerResponse, url: URL, body: TAiBody) => {
    const value = body.kind === 'json' ? body.value : null;
    const turns = script.turnsOf(value);
    const rules = script.rulesOf(value);
    if (req.method === 'POST' && url.pathname === '/_fake/script' && !turns) {
      return json(res, 400, { error: 'expected a list of turns' });
    }
    if (req.method === 'POST' && url.pathname === '/_fake/rules' && !rules) {
      return json(res, 400, { error: 'expected a list of { when, reply, toolCall? }' });
    }
    return answerControl(req, res, url, {
      get: { requests: () => script.requests() },
      post: {
        script: () => script.push(turns ?? []),
        rules: () => script.setRules(rules ?? []),
        reset: () => script.reset(),
      },
    });
  };

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => json(res, 500, { error: { message: `Fake AI failed: ${String(error)}` } }),
    handle: async (req, res, url) => {
      const body = await readAiBody(req);
      if (url.pathname.startsWith('/_fake/')) return onControl(req, res, url, body);
      script.record(req, url, recordedBody(body));
      for (const answer of [answerOpenAi, answerAnthropic, answerGemini]) {
        if (await answer(req, res, url, body, ctx)) return;
      }
      json(res, 404, { error: { message: `Unknown request URL: ${req.method} ${url.pathname}`, code: 'unknown_url' } });
    },
  });
  const { baseUrl } = server;

  return {
    baseUrl,
    /** Base URL for OpenAI and the OpenAI-compatible providers (ends in `/v1`). */
    openAiBaseUrl: `${baseUrl}/v1`,
    /** Base URL for @ai-sdk/anthropic (ends in `/v1`; the SDK adds `/messages`). */
    anthropicBaseUrl: `${baseUrl}/v1`,
    /** Base URL for @ai-sdk/google (ends in `/v1beta`). */
    geminiBaseUrl: `${baseUrl}/v1beta`,
    /** Queues answers, in order. */
    script: (turns: TAiTurn[]) => script.push(turns),
    rules: (rules: TAiRule[]) => script.setRules(rules),
    requests: () => script.requests(),
    reset: () => script.reset(),
    close: server.close,
  };
};

export type TFakeAi = Awaited<ReturnType<typeof startFakeAi>>;

/** The OpenAI side of `startFakeAi` (the same server; its `openAiBaseUrl` is what an OpenAI client takes). */
export const startFakeOpenAi = startFakeAi;
