import { z } from 'zod';
import { ZCount, ZIdArray, ZRowId } from './common.js';

/**
 * AI assistants (issue 19): one per model provider and tenant, each with its settings screen under
 * /configuracoes/<provider>. `sdk` says which AI SDK provider speaks to it; the OpenAI-compatible ones differ
 * only by their base URL.
 */
export const aiProviders = [
  'chatgpt',
  'lm',
  'ollama',
  'grok',
  'gemini',
  'deepseek',
  'qwen',
  'claude',
  'groqcloud',
] as const;
export const ZAiProvider = z.enum(aiProviders);
/** Everything that can answer a ticket's messages: the AI assistants, then the bots (Vapi answers calls only). */
export const answererProviders = [...aiProviders, 'typebot', 'dialogflow', 'n8n', 'dify'] as const;
export const ZAnswererProvider = z.enum(answererProviders);
export type TAnswererProvider = z.infer<typeof ZAnswererProvider>;
export type TAiProvider = z.infer<typeof ZAiProvider>;

export type TAiProviderInfo = {
  label: string;
  sdk: 'openai' | 'openai-compatible' | 'anthropic' | 'google';
  defaultBaseUrl: string;
  defaultModel: string;
  /** False for local servers (LM Studio, Ollama) that take no key. */
  needsKey: boolean;
  /** Has a Whisper-compatible /audio/transcriptions endpoint. */
  transcribes: boolean;
  defaultTranscriptionModel?: string;
};

export const aiProviderInfo: Record<TAiProvider, TAiProviderInfo> = {
  chatgpt: {
    label: 'ChatGPT (OpenAI)',
    sdk: 'openai',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    needsKey: true,
    transcribes: true,
    defaultTranscriptionModel: 'whisper-1',
  },
  lm: {
    label: 'LM Studio',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'http://localhost:1234/v1',
    defaultModel: 'local-model',
    needsKey: false,
    transcribes: false,
  },
  ollama: {
    label: 'Ollama',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'http://localhost:11434/v1',
    defaultModel: 'llama3.1',
    needsKey: false,
    transcribes: false,
  },
  grok: {
    label: 'Grok (xAI)',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'https://api.x.ai/v1',
    defaultModel: 'grok-3-mini',
    needsKey: true,
    transcribes: false,
  },
  gemini: {
    label: 'Gemini (Google)',
    sdk: 'google',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    defaultModel: 'gemini-2.0-flash',
    needsKey: true,
    transcribes: false,
  },
  deepseek: {
    label: 'DeepSeek',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'https://api.deepseek.com/v1',
    defaultModel: 'deepseek-chat',
    needsKey: true,
    transcribes: false,
  },
  qwen: {
    label: 'Qwen (DashScope)',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    needsKey: true,
    transcribes: false,
  },
  claude: {
    label: 'Claude (Anthropic)',
    sdk: 'anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-3-5-haiku-latest',
    needsKey: true,
    transcribes: false,
  },
  groqcloud: {
    label: 'GroqCloud',
    sdk: 'openai-compatible',
    defaultBaseUrl: 'https://api.groq.com/openai/v1',
    defaultModel: 'llama-3.3-70b-versatile',
    needsKey: true,
    transcribes: true,
    defaultTranscriptionModel: 'whisper-large-v3-turbo',
  },
};

const ZKeyword = z.string().trim().min(1, 'não pode ficar vazio').max(40);
const ZUrl = z.url({ protocol: /^https?$/, error: 'deve ser um endereço http(s)' }).max(2048);

/** Which tickets an assistant answers by itself (the per-ticket toggle turns it on anywhere). */
export const ZAssistantScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('connections'), ids: ZIdArray(200).min(1, 'escolha ao menos uma conexão') }),
  z.object({ kind: z.literal('queues'), ids: ZIdArray(200).min(1, 'escolha ao menos uma fila') }),
]);
export type TAssistantScope = z.infer<typeof ZAssistantScope>;

/** What an AI assistant's settings screen saves (`PUT /assistants/:provider`). */
export const ZAssistantSettings = z.object({
  enabled: z.boolean(),
  /** Empty: the provider's default (aiProviderInfo). */
  baseUrl: ZUrl.or(z.literal('')).default(''),
  model: z.string().trim().min(1, 'informe o modelo').max(120),
  /** Write-only: kept sealed; omitted or undefined keeps the stored key, '' removes it. */
  apiKey: z.string().trim().max(400).optional(),
  organizationId: z.string().trim().max(120).default(''),
  systemPrompt: z.string().max(8000).default(''),
  temperature: z.number().min(0).max(2).default(0.7),
  maxReplyTokens: z.number().int().min(16).max(8000).default(600),
  maxRepliesPerTicket: z.number().int().min(1).max(500).default(30),
  /** Tokens (input + output) the tenant may spend on this assistant per calendar month; null: no limit. */
  monthlyTokenBudget: ZCount.nullable().default(null),
  scope: ZAssistantScope.default({ kind: 'none' }),
  exitKeyword: ZKeyword.default('sair'),
  restartKeyword: ZKeyword.default('reiniciar'),
  /** Where the ticket goes on the exit keyword, a hand-off tool call or a failure. */
  handoffQueueId: ZRowId.nullable().default(null),
  handoffUserId: ZRowId.nullable().default(null),
  /** Outside business hours: answer anyway, or stay silent (the absence message speaks). */
  outsideHours: z.enum(['answer', 'silent']).default('answer'),
  /** waitProcessing: seconds to wait for more messages of a burst before answering them together. */
  burstSeconds: z.number().int().min(0).max(60).default(4),
  /** Voice notes of the tenant's tickets transcribed with this provider (only where `transcribes`). */
  transcribeAudio: z.boolean().default(false),
  transcriptionModel: z.string().trim().max(120).default(''),
  /** Reply suggestions and ticket summaries for agents use this assistant. */
  helpsAgents: z.boolean().default(false),
});
export type TAssistantSettings = z.infer<typeof ZAssistantSettings>;
export type TAssistantSettingsInput = z.input<typeof ZAssistantSettings>;

export const ZAssistant = ZAssistantSettings.omit({ apiKey: true }).extend({
  provider: ZAiProvider,
  configured: z.boolean(),
  hasApiKey: z.boolean(),
  /** The key's last 4 characters, to tell keys apart. */
  apiKeyHint: z.string().nullable(),
  usage: z.object({ month: z.string(), tokens: z.number().int() }),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type TAssistant = z.infer<typeof ZAssistant>;

export const ZAssistantProviderParams = z.object({ provider: ZAiProvider });

/** One generation logged on a ticket: tokens, tool calls, and how it ended. */
export const ZAssistantRun = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  provider: z.string(),
  model: z.string(),
  purpose: z.enum(['reply', 'suggestion', 'summary', 'transcription']),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  toolCalls: z.array(z.object({ name: z.string(), input: z.unknown() })),
  outcome: z.enum(['replied', 'handoff', 'closed', 'failed', 'skipped']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TAssistantRun = z.infer<typeof ZAssistantRun>;

/** Agent help in the chat: a suggested reply, or a summary of the conversation. */
export const ZAssistantHelp = z.object({ text: z.string(), provider: ZAiProvider });
export type TAssistantHelp = z.infer<typeof ZAssistantHelp>;

/** A ticket's `<name>Status` value that turns that assistant off for it (anything else set turns it on). */
const offValues = new Set(['off', 'false', '0', 'disabled', 'closed', 'inactive']);
/** Whether a ticket's status field turns its assistant on (true), off (false), or leaves it to the scope (null). */
export const assistantSwitch = (value: string | null | undefined): boolean | null =>
  value === undefined || value === null || value === '' ? null : !offValues.has(value.trim().toLowerCase());
