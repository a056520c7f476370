import { aiProviderInfo, type TAiProvider } from '@prosa/contracts';
import type { LanguageModel } from 'ai';
import { loadAiSdk } from './ai-sdk.js';

/** The AI SDK's model object (never its string form, which would go through the Vercel gateway). */
export type TLanguageModel = Exclude<LanguageModel, string>;

export type TModelConnection = {
  provider: TAiProvider;
  /** Empty or omitted: the provider's default. */
  baseUrl?: string;
  apiKey?: string;
  organizationId?: string;
  model: string;
  /** For tests and proxies. */
  fetch?: typeof fetch;
};

/** The base URL to call: the tenant's, else the provider's default, without a trailing slash. */
export const resolveBaseUrl = (provider: TAiProvider, baseUrl?: string) =>
  (baseUrl?.trim() || aiProviderInfo[provider].defaultBaseUrl).replace(/\/+$/, '');

/**
 * The AI SDK model for a tenant's assistant. OpenAI goes through `openai.chat(model)`, the chat completions API
 * (the SDK's default, the Responses API, is OpenAI-only and the fakes and compatible servers speak chat
 * completions); the OpenAI-compatible providers differ only by base URL; Claude and Gemini use their own SDKs.
 */
export const createLanguageModel = async (connection: TModelConnection): Promise<TLanguageModel> => {
  const sdk = await loadAiSdk();
  const { provider, model } = connection;
  const info = aiProviderInfo[provider];
  const baseURL = resolveBaseUrl(provider, connection.baseUrl);
  // NOTE: always a string key, so the SDKs never fall back to OPENAI_API_KEY & co. from the server's environment:
  // a tenant without a key gets the provider's 401, never someone else's credentials.
  const apiKey = connection.apiKey ?? '';
  const fetch = connection.fetch;
  switch (info.sdk) {
    case 'openai':
      return sdk.openai
        .createOpenAI({ baseURL, apiKey, organization: connection.organizationId || undefined, fetch })
        .chat(model);
    case 'openai-compatible':
      return sdk.compatible.createOpenAICompatible({
        name: provider,
        baseURL,
        // Local servers (LM Studio, Ollama) take no key: none is sent.
        apiKey: info.needsKey && apiKey !== '' ? apiKey : undefined,
        includeUsage: true,
        fetch,
      })(model);
    case 'anthropic':
      return sdk.anthropic.createAnthropic({ baseURL, apiKey, fetch })(model);
    case 'google':
      return sdk.google.createGoogleGenerativeAI({ baseURL, apiKey, fetch })(model);
    default: {
      const unknownSdk: never = info.sdk;
      throw new Error(`Unknown AI SDK provider: ${String(unknownSdk)}`);
    }
  }
};
