import { aiProviderInfo, type TAiProvider } from '@prosa/contracts';
import type { TranscriptionModel } from 'ai';
import { loadAiSdk } from './ai-sdk.js';
import { resolveBaseUrl } from './language-model.js';

export type TTranscribeInput = {
  provider: TAiProvider;
  /** Empty: the provider's default. */
  baseUrl: string;
  apiKey: string;
  /** Empty: the provider's default transcription model. */
  model: string;
  audio: Uint8Array;
  /** The voice note's type as the channel gave it (`audio/ogg; codecs=opus`): names the file sent. */
  mimeType: string;
  language?: 'pt';
  maxRetries?: number;
  abortSignal?: AbortSignal;
  fetch?: typeof fetch;
};

/**
 * Transcribes a voice note with a Whisper-compatible `/audio/transcriptions` endpoint (OpenAI, GroqCloud), through
 * @ai-sdk/openai's transcription model with the provider's base URL.
 */
export const transcribeAudio = async (input: TTranscribeInput): Promise<{ text: string }> => {
  const info = aiProviderInfo[input.provider];
  const modelId = input.model.trim() || info.defaultTranscriptionModel;
  if (!info.transcribes || !modelId) throw new Error(`${info.label} does not transcribe audio`);
  const sdk = await loadAiSdk();
  const base = sdk.openai
    .createOpenAI({
      baseURL: resolveBaseUrl(input.provider, input.baseUrl),
      apiKey: input.apiKey,
      fetch: input.fetch,
    })
    .transcription(modelId);
  // The SDK guesses the type from the bytes (WAV when it cannot tell); the channel's own type names the file.
  const mediaType = input.mimeType.split(';')[0]?.trim();
  const model: TranscriptionModel = {
    specificationVersion: 'v3',
    provider: base.provider,
    modelId: base.modelId,
    doGenerate: (options) => base.doGenerate(mediaType ? { ...options, mediaType } : options),
  };
  const result = await sdk.ai.experimental_transcribe({
    model,
    audio: input.audio,
    providerOptions: { openai: input.language ? { language: input.language } : {} },
    maxRetries: input.maxRetries,
    abortSignal: input.abortSignal,
  });
  return { text: result.text };
};
