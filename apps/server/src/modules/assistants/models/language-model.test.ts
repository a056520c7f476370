import type { TAiProvider } from '@prosa/contracts';
import { startFakeAi, type TFakeAi } from '@prosa/fakes';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel } from './language-model.js';
import { describeModelError } from './model-errors.js';

const apiKey = 'sk-test-prosa';
let keyed: TFakeAi;
let open: TFakeAi;

beforeAll(async () => {
  [keyed, open] = await Promise.all([startFakeAi({ apiKey }), startFakeAi()]);
});
afterEach(() => {
  keyed.reset();
  open.reset();
});
afterAll(async () => {
  await Promise.all([keyed.close(), open.close()]);
});

type TCase = { provider: TAiProvider; model: string; fake: () => TFakeAi; baseUrl: (fake: TFakeAi) => string };

const cases: TCase[] = [
  { provider: 'chatgpt', model: 'gpt-4o-mini', fake: () => keyed, baseUrl: (f) => f.openAiBaseUrl },
  { provider: 'deepseek', model: 'deepseek-chat', fake: () => keyed, baseUrl: (f) => f.openAiBaseUrl },
  { provider: 'ollama', model: 'llama3.1', fake: () => open, baseUrl: (f) => f.openAiBaseUrl },
  { provider: 'claude', model: 'claude-3-5-haiku-latest', fake: () => keyed, baseUrl: (f) => f.anthropicBaseUrl },
  { provider: 'gemini', model: 'gemini-2.0-flash', fake: () => keyed, baseUrl: (f) => f.geminiBaseUrl },
];

const moveToQueue = tool({
  description: 'Transfere o ticket para uma fila',
  inputSchema: z.object({ queue: z.string() }),
  execute: async ({ queue }) => ({ moved: queue }),
});

describe.each(cases)('$provider', ({ provider, model, fake, baseUrl }) => {
  const modelWith = (key = apiKey) =>
    createLanguageModel({ provider, baseUrl: baseUrl(fake()), apiKey: key, model, organizationId: '' });

  it('answers generateText with the scripted text and usage, with the key and model sent', async () => {
    fake().script([{ text: 'Olá! Como posso ajudar?', usage: { input: 42, output: 7 } }]);
    const result = await generateText({
      model: await modelWith(),
      maxOutputTokens: 600,
      system: 'Seja breve.',
      prompt: 'Oi, tudo bem?',
    });
    expect(result.text).toBe('Olá! Como posso ajudar?');
    expect(result.usage.inputTokens).toBe(42);
    expect(result.usage.outputTokens).toBe(7);
    const [seen] = fake().requests();
    expect(JSON.stringify(seen?.body)).toContain('Oi, tudo bem?');
    const keyHeader = { claude: 'x-api-key', gemini: 'x-goog-api-key' }[provider as string] ?? 'authorization';
    // Ollama takes no key: none is sent even when the settings hold one.
    expect(seen?.headers[keyHeader]).toBe(provider === 'ollama' ? undefined : '[redacted]');
    expect(seen?.path + JSON.stringify(seen?.body)).toContain(model);
  });

  it('streams the text in pieces, with the usage at the end', async () => {
    const text = 'Claro, o boleto vence no dia dez e pode ser pago em qualquer banco.';
    fake().script([{ text, usage: { input: 30, output: 16 } }]);
    const result = streamText({ model: await modelWith(), maxOutputTokens: 600, prompt: 'Quando vence o boleto?' });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(text);
    expect((await result.usage).outputTokens).toBe(16);
  });

  it.each(['generateText', 'streamText'] as const)('runs a tool call round trip with %s', async (how) => {
    fake().script([
      { toolCalls: [{ name: 'moveToQueue', arguments: { queue: 'Financeiro' } }] },
      { text: 'Pronto, transferi você para o Financeiro.' },
    ]);
    const options = {
      model: await modelWith(),
      maxOutputTokens: 600,
      tools: { moveToQueue },
      stopWhen: stepCountIs(3),
      prompt: 'Quero falar com o financeiro',
    };
    const result = how === 'generateText' ? await generateText(options) : streamText(options);
    expect(await result.text).toBe('Pronto, transferi você para o Financeiro.');
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['moveToQueue', { queue: 'Financeiro' }]]);
    // The second request carries the tool's result back to the model.
    const second = JSON.stringify(fake().requests()[1]?.body);
    expect(second).toContain('moveToQueue');
    expect(second).toMatch(/moved.{0,6}Financeiro/);
  });

  it('turns a refused key into an auth error', async () => {
    if (fake() === open) fake().script([{ error: { status: 401 } }]);
    const call = generateText({
      model: await modelWith('sk-wrong'),
      maxOutputTokens: 600,
      prompt: 'Oi',
      maxRetries: 0,
    });
    const error = await call.then(
      () => null,
      (err: unknown) => err,
    );
    const described = describeModelError(error);
    expect(described.kind).toBe('auth');
    expect(described.message).toMatch(/A chave de API foi recusada \((400|401|403)\)/);
  });

  it('turns a 429 into a rate-limit error with its retry-after', async () => {
    fake().script([{ error: { status: 429, retryAfter: 7 } }]);
    const error = await generateText({
      model: await modelWith(),
      maxOutputTokens: 600,
      prompt: 'Oi',
      maxRetries: 0,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(describeModelError(error)).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterSeconds: 7 });
  });
});

describe('the fake without a script', () => {
  it('echoes the customer, and follows the rules with a tool call first', async () => {
    const model = await createLanguageModel({ provider: 'lm', baseUrl: open.openAiBaseUrl, model: 'local-model' });
    expect((await generateText({ model, prompt: 'Bom dia' })).text).toBe('Resposta de teste para: Bom dia');
    open.rules([
      {
        when: 'atendente',
        reply: 'Vou chamar um atendente.',
        toolCall: { name: 'moveToQueue', arguments: { queue: 'Geral' } },
      },
    ]);
    const result = await generateText({
      model,
      tools: { moveToQueue },
      stopWhen: stepCountIs(3),
      prompt: 'Quero um ATENDENTE',
    });
    expect(result.text).toBe('Vou chamar um atendente.');
    expect(result.steps[0]?.toolResults.map((r) => r.output)).toEqual([{ moved: 'Geral' }]);
  });
});
