import type { APICallError } from 'ai';
import { loadedAiSdk } from './ai-sdk.js';

export type TModelErrorKind = 'auth' | 'rate-limit' | 'timeout' | 'budget' | 'unavailable' | 'bad-request' | 'unknown';

/** A model call's failure as the admin's settings screen shows it and the assistant decides on it. */
export type TModelError = {
  kind: TModelErrorKind;
  status?: number;
  retryAfterSeconds?: number;
  /** Portuguese, for the admin. */
  message: string;
};

/** Thrown before calling the model when the tenant's monthly token budget for the assistant is spent. */
export class ModelBudgetError extends Error {
  constructor() {
    super('monthly token budget exhausted');
    this.name = 'ModelBudgetError';
  }
}

type TProviderBody = { code?: string; type?: string; reason?: string; message?: string; retryDelay?: string };

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The provider's own words in an error body: OpenAI / Anthropic / Google shapes. */
const readBody = (body: string | undefined): TProviderBody => {
  if (!body) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {};
  }
  const error = asRecord(asRecord(parsed).error);
  const details = Array.isArray(error.details) ? error.details.map(asRecord) : [];
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    code: str(error.code),
    type: str(error.type) ?? str(error.status),
    reason: details.map((d) => str(d.reason)).find(Boolean),
    message: str(error.message),
    retryDelay: details.map((d) => str(d.retryDelay)).find(Boolean),
  };
};

/** `retry-after-ms`, `retry-after` (seconds or an HTTP date) or Google's RetryInfo delay ("37s"), in seconds. */
const retryAfterOf = (headers: Record<string, string> | undefined, body: TProviderBody) => {
  const ms = Number(headers?.['retry-after-ms']);
  if (headers?.['retry-after-ms'] && Number.isFinite(ms)) return Math.ceil(ms / 1000);
  const value = headers?.['retry-after'];
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.ceil(seconds);
    const at = Date.parse(value);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  const delay = body.retryDelay ? Number.parseFloat(body.retryDelay) : Number.NaN;
  return Number.isFinite(delay) ? Math.ceil(delay) : undefined;
};

/** The error that tells what happened: a RetryError's last attempt, a wrapper's cause. */
const rootOf = (err: unknown) => {
  const sdk = loadedAiSdk();
  if (!sdk) return err;
  const { APICallError, LoadAPIKeyError, RetryError } = sdk.ai;
  let current = err;
  for (let depth = 0; depth < 5; depth++) {
    if (RetryError.isInstance(current)) current = current.lastError;
    else if (APICallError.isInstance(current) || LoadAPIKeyError.isInstance(current)) return current;
    else if (current instanceof Error && current.cause !== undefined && current.name.startsWith('AI_')) {
      current = current.cause;
    } else return current;
  }
  return current;
};

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

const isTimeout = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'TimeoutError' || err.name === 'AbortError' || /timed? ?out/i.test(err.message));

const describeApiCall = (err: APICallError): TModelError => {
  const status = err.statusCode;
  const body = readBody(err.responseBody);
  const said = clip(body.message ?? err.message);
  if (status === undefined) {
    return isTimeout(err.cause)
      ? { kind: 'timeout', message: 'O provedor não respondeu a tempo.' }
      : { kind: 'unavailable', message: 'Não foi possível conectar ao provedor.' };
  }
  const isBudget =
    status === 402 ||
    body.code === 'insufficient_quota' ||
    /credit balance is too low|insufficient balance/i.test(said);
  if (isBudget)
    return { kind: 'budget', status, message: `O saldo ou a cota da conta no provedor acabou (${status}).` };
  if (status === 401 || status === 403 || body.reason === 'API_KEY_INVALID') {
    return { kind: 'auth', status, message: `A chave de API foi recusada (${status}).` };
  }
  if (status === 429) {
    const retryAfterSeconds = retryAfterOf(err.responseHeaders, body);
    const wait = retryAfterSeconds !== undefined ? `; tente de novo em ${retryAfterSeconds} s` : '';
    return {
      kind: 'rate-limit',
      status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      message: `O provedor limitou as requisições (429)${wait}.`,
    };
  }
  if (status === 408 || status === 504)
    return { kind: 'timeout', status, message: `O provedor não respondeu a tempo (${status}).` };
  if (status >= 500) return { kind: 'unavailable', status, message: `O provedor está indisponível (${status}).` };
  if (status === 404)
    return { kind: 'bad-request', status, message: `O modelo ou o endereço não existe no provedor (404): ${said}` };
  return { kind: 'bad-request', status, message: `O provedor recusou o pedido (${status}): ${said}` };
};

/**
 * What went wrong in a model call (generateText, transcription), from the AI SDK's errors. With streamText, pass
 * the error its `onError` (or the stream's `error` part) gets: the rejection of `await result.text` is only
 * NoOutputGeneratedError, which says nothing about why.
 */
export const describeModelError = (err: unknown): TModelError => {
  const root = rootOf(err);
  if (root instanceof ModelBudgetError) {
    return { kind: 'budget', message: 'O limite mensal de tokens deste assistente foi atingido.' };
  }
  const sdk = loadedAiSdk()?.ai;
  if (sdk?.APICallError.isInstance(root)) return describeApiCall(root);
  if (sdk?.LoadAPIKeyError.isInstance(root)) return { kind: 'auth', message: 'A chave de API não foi informada.' };
  if (isTimeout(root)) return { kind: 'timeout', message: 'O provedor não respondeu a tempo.' };
  const text = root instanceof Error ? root.message : String(root);
  return { kind: 'unknown', message: clip(`Erro inesperado ao falar com o provedor: ${text}`) };
};
