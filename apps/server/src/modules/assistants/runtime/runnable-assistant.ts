import {
  aiProviderInfo,
  type TAiProvider,
  type TAssistantSettings,
  type TBotProvider,
  type TBotSettings,
  ZAiProvider,
} from '@prosa/contracts';
import type { LanguageModel } from 'ai';
import type { TExecutor } from '../../../platform/db/client.js';
import { fetchPublic } from '../../../platform/public-fetch.js';
import { readAssistantSettings } from '../assistant-dto.js';
import { findAssistantRows, type TAssistantRow } from '../assistants.repository.js';
import { findBotRows } from '../bots.repository.js';
import { openBotSettings } from '../manage-bots.js';
import { createLanguageModel } from '../models/language-model.js';
import type { TAssistantDeps } from './assistant-deps.js';

/** An enabled assistant with its key opened, ready to call its model. */
export type TRunnableAssistant = {
  kind: 'ai';
  provider: TAiProvider;
  settings: Omit<TAssistantSettings, 'apiKey'>;
  apiKey: string;
};

const toRunnable = (deps: Pick<TAssistantDeps, 'secrets'>, row: TAssistantRow): TRunnableAssistant | null => {
  const provider = ZAiProvider.safeParse(row.provider);
  if (!provider.success) return null;
  const settings = readAssistantSettings(row);
  const apiKey = row.apiKeySealed ? (deps.secrets.open(row.apiKeySealed) ?? '') : '';
  return { kind: 'ai', provider: provider.data, settings, apiKey };
};

/** The tenant's assistants, enabled or not, in the providers' order. */
export const findRunnableAssistants = async (
  deps: Pick<TAssistantDeps, 'secrets'>,
  tx: TExecutor,
  tenantId: number,
): Promise<TRunnableAssistant[]> =>
  (await findAssistantRows(tx, tenantId)).flatMap((row) => toRunnable(deps, row) ?? []);

/**
 * The outbound fetch of a model call: a local server (LM Studio, Ollama) lives on a private address by design;
 * every other provider goes through the same public-address guard as webhooks (WEBHOOK_ALLOW_PRIVATE).
 */
export const modelFetch = (deps: Pick<TAssistantDeps, 'config'>, provider: TAiProvider): typeof fetch => {
  const allowPrivate = deps.config.webhookAllowPrivate || !aiProviderInfo[provider].needsKey;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!(init?.body instanceof FormData)) return fetchPublic(url, { ...(init as object), allowPrivate } as never);
    // A transcription's multipart body: encoded here (the guarded fetch's own FormData is another class).
    const encoded = new Response(init.body);
    const headers = new Headers(init.headers);
    headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
    const body = Buffer.from(await encoded.arrayBuffer());
    return fetchPublic(url, { ...(init as object), headers: Object.fromEntries(headers), body, allowPrivate } as never);
  }) as typeof fetch;
};

export const languageModelOf = (
  deps: Pick<TAssistantDeps, 'config'>,
  assistant: TRunnableAssistant,
): Promise<LanguageModel> =>
  createLanguageModel({
    provider: assistant.provider,
    baseUrl: assistant.settings.baseUrl,
    apiKey: assistant.apiKey,
    organizationId: assistant.settings.organizationId,
    model: assistant.settings.model,
    fetch: modelFetch(deps, assistant.provider),
  });

/** A bot with its secret opened, ready for its client (Vapi answers calls, not messages: never runnable here). */
export type TRunnableBot = {
  kind: 'bot';
  provider: Exclude<TBotProvider, 'vapi'>;
  settings: Exclude<TBotSettings, { provider: 'vapi' }>;
};

/** The tenant's bots that answer messages, in the order they were configured. */
export const findRunnableBots = async (
  deps: Pick<TAssistantDeps, 'secrets'>,
  tx: TExecutor,
  tenantId: number,
): Promise<TRunnableBot[]> =>
  (await findBotRows(tx, tenantId)).flatMap((row) => {
    const settings = openBotSettings(deps.secrets, row);
    if (!settings || settings.provider === 'vapi') return [];
    return [{ kind: 'bot' as const, provider: settings.provider, settings }];
  });

/** Whatever may answer a ticket: the AI assistants first, then the bots. */
export type TAnswerer = TRunnableAssistant | TRunnableBot;
export const findAnswerers = async (
  deps: Pick<TAssistantDeps, 'secrets'>,
  tx: TExecutor,
  tenantId: number,
): Promise<TAnswerer[]> => [
  ...(await findRunnableAssistants(deps, tx, tenantId)),
  ...(await findRunnableBots(deps, tx, tenantId)),
];
