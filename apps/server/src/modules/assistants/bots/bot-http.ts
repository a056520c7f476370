import { botProviderLabels, type TBotProvider } from '@prosa/contracts';
import { fetchPublic, PrivateAddressError } from '../../../platform/public-fetch.js';
import { BotCallError, type TBotConverseInput } from './bot-client.js';

/** The longest a bot may take to answer one message. */
export const BOT_CALL_TIMEOUT_MS = 20_000;

/** The largest answer read from a bot; a larger one is refused rather than held in memory. */
export const BOT_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/** A bot's answer, read whole: its status, content type and body text. */
export type TBotHttpAnswer = { status: number; contentType: string; text: string };

const isPrivateRefusal = (err: unknown) =>
  err instanceof PrivateAddressError || (err as { cause?: unknown } | null)?.cause instanceof PrivateAddressError;

/** What the admin reads on the settings screen for a provider's error status. */
export const describeStatus = (provider: TBotProvider, status: number, detail?: string) => {
  const label = botProviderLabels[provider];
  const suffix = detail ? `: ${detail.slice(0, 200)}` : '';
  if (status === 401 || status === 403) return `${label} recusou as credenciais (HTTP ${status})${suffix}`;
  if (status === 404) return `${label} não encontrou o recurso pedido (HTTP 404)${suffix}`;
  if (status === 429) return `${label} limitou as requisições (HTTP 429)${suffix}`;
  if (status >= 500) return `${label} falhou ao responder (HTTP ${status})${suffix}`;
  return `${label} recusou a requisição (HTTP ${status})${suffix}`;
};

/** The body as text, up to BOT_ANSWER_MAX_BYTES (the stream is cancelled past it). */
const readCapped = async (provider: TBotProvider, body: AsyncIterable<Uint8Array> | null): Promise<string> => {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > BOT_ANSWER_MAX_BYTES)
      throw new BotCallError(
        provider,
        `${botProviderLabels[provider]} respondeu mais de 2 MB; a resposta foi recusada`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * One call to a bot's API. Goes through `fetchPublic` (a tenant-typed address must not reach our network)
 * unless the caller hands a `fetch`; 20 s at most. A network failure, a refused private address or a timeout
 * becomes a BotCallError without status; any HTTP answer is returned as is (the client judges it).
 */
export const callBot = async (
  provider: TBotProvider,
  input: Pick<TBotConverseInput, 'fetch' | 'allowPrivate'>,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<TBotHttpAnswer> => {
  const label = botProviderLabels[provider];
  const signal = AbortSignal.timeout(BOT_CALL_TIMEOUT_MS);
  try {
    const response = input.fetch
      ? await input.fetch(url, { ...init, signal })
      : await fetchPublic(url, { ...init, signal, allowPrivate: input.allowPrivate ?? false });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await readCapped(provider, response.body),
    };
  } catch (err) {
    if (err instanceof BotCallError) throw err;
    if (isPrivateRefusal(err))
      throw new BotCallError(provider, `O endereço do ${label} aponta para uma rede interna e foi recusado`);
    if ((err as { name?: string } | null)?.name === 'TimeoutError')
      throw new BotCallError(provider, `${label} não respondeu em ${BOT_CALL_TIMEOUT_MS / 1000} s`);
    throw new BotCallError(provider, `Não foi possível conectar ao ${label}: ${(err as Error).message}`);
  }
};

/** The body as JSON, or undefined when it is not JSON. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The error text a provider put in its body (`message`, `error_description`, `error.message`), if any. */
export const errorDetail = (text: string): string | undefined => {
  const body = parseJson(text) as
    | { message?: unknown; error_description?: unknown; error?: { message?: unknown } | unknown }
    | undefined;
  if (!body || typeof body !== 'object') return text.trim() === '' ? undefined : text.trim().slice(0, 200);
  for (const value of [
    body.message,
    body.error_description,
    (body.error as { message?: unknown } | undefined)?.message,
    body.error,
  ])
    if (typeof value === 'string' && value !== '') return value;
  return undefined;
};

/** Throws the BotCallError for an answer that is not 2xx. */
export const assertOk = (provider: TBotProvider, answer: TBotHttpAnswer) => {
  if (answer.status >= 200 && answer.status < 300) return;
  throw new BotCallError(provider, describeStatus(provider, answer.status, errorDetail(answer.text)), answer.status);
};

/** The base address without its trailing slashes, so paths join with one. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
