import { startFakeAi } from '@prosa/fakes';
import { APICallError, generateText, RetryError } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAiSdk } from './ai-sdk.js';
import { createLanguageModel } from './language-model.js';
import { describeModelError, ModelBudgetError } from './model-errors.js';

const apiError = (statusCode: number | undefined, body: unknown, headers: Record<string, string> = {}) =>
  new APICallError({
    message: 'provider said no',
    url: 'https://api.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: body === undefined ? undefined : JSON.stringify(body),
  });

// The SDK's errors exist only once a model call loaded it: these are built by hand, so it is loaded first.
beforeAll(() => loadAiSdk());

describe('describeModelError', () => {
  it('tells a spent provider balance from a rate limit', () => {
    const quota = apiError(429, { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } });
    expect(describeModelError(quota)).toMatchObject({ kind: 'budget', status: 429 });
    const deepseek = apiError(402, { error: { message: 'Insufficient Balance' } });
    expect(describeModelError(deepseek).kind).toBe('budget');
    expect(describeModelError(new ModelBudgetError())).toEqual({
      kind: 'budget',
      message: 'O limite mensal de tokens deste assistente foi atingido.',
    });
  });

  it("reads the wait from retry-after-ms and from Gemini's RetryInfo, through a RetryError", () => {
    const openAi = apiError(429, {}, { 'retry-after-ms': '1500' });
    const retried = new RetryError({ message: 'failed', reason: 'maxRetriesExceeded', errors: [openAi] });
    expect(describeModelError(retried)).toMatchObject({ kind: 'rate-limit', retryAfterSeconds: 2 });
    const gemini = apiError(429, {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' }],
      },
    });
    expect(describeModelError(gemini)).toMatchObject({
      kind: 'rate-limit',
      retryAfterSeconds: 37,
      message: 'O provedor limitou as requisições (429); tente de novo em 37 s.',
    });
  });

  it('names overload, bad requests with the provider words, and the unexpected', () => {
    expect(describeModelError(apiError(529, {}))).toMatchObject({ kind: 'unavailable', status: 529 });
    expect(describeModelError(apiError(504, {})).kind).toBe('timeout');
    expect(describeModelError(apiError(400, { error: { message: 'max_tokens: too large' } })).message).toBe(
      'O provedor recusou o pedido (400): max_tokens: too large',
    );
    expect(describeModelError(new Error('boom'))).toEqual({
      kind: 'unknown',
      message: 'Erro inesperado ao falar com o provedor: boom',
    });
  });

  it('says the provider could not be reached, or took too long', async () => {
    const fake = await startFakeAi();
    const baseUrl = fake.openAiBaseUrl;
    fake.script([{ text: 'tarde demais', delayMs: 1000 }]);
    const model = await createLanguageModel({ provider: 'ollama', baseUrl, model: 'llama3.1' });
    const slow = await generateText({ model, prompt: 'Oi', maxRetries: 0, abortSignal: AbortSignal.timeout(50) }).catch(
      (err: unknown) => err,
    );
    expect(describeModelError(slow).kind).toBe('timeout');
    await fake.close();
    const gone = await generateText({ model, prompt: 'Oi', maxRetries: 0 }).catch((err: unknown) => err);
    expect(describeModelError(gone)).toEqual({
      kind: 'unavailable',
      message: 'Não foi possível conectar ao provedor.',
    });
  });
});
