import { z } from 'zod';
import { aiProviderInfo, type TAnswererProvider, ZAssistantScope } from './assistants.js';
import { ZRowId } from './common.js';

/**
 * Bot integrations (issue 19): flows and agents that live in another product (Typebot, Dify, Dialogflow ES, an
 * n8n workflow) and answer a ticket's customer through their own API, one settings screen each under
 * /configuracoes/<provider>. Vapi holds only the settings its voice assistants will use.
 */
export const botProviders = ['typebot', 'dialogflow', 'n8n', 'dify', 'vapi'] as const;
export const ZBotProvider = z.enum(botProviders);
export type TBotProvider = z.infer<typeof ZBotProvider>;

export const botProviderLabels: Record<TBotProvider, string> = {
  typebot: 'Typebot',
  dialogflow: 'Dialogflow',
  n8n: 'n8n',
  dify: 'Dify',
  vapi: 'Vapi',
};

/** The name of an assistant or bot as the screens show it. */
export const answererLabel = (provider: TAnswererProvider): string =>
  provider in aiProviderInfo
    ? aiProviderInfo[provider as keyof typeof aiProviderInfo].label
    : (botProviderLabels[provider as TBotProvider] ?? provider);

const ZKeyword = z.string().trim().min(1, 'não pode ficar vazio').max(40);
const ZUrl = z.url({ protocol: /^https?$/, error: 'deve ser um endereço http(s)' }).max(2048);
/** Write-only: kept sealed; omitted or undefined keeps the stored one, '' removes it. */
const ZSecret = (max: number) => z.string().trim().max(max).optional();
const required = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

const ZBotCommon = {
  enabled: z.boolean(),
  scope: ZAssistantScope.default({ kind: 'none' }),
  /** Where the ticket goes when the customer types the exit keyword, the bot ends or a call fails. */
  handoffQueueId: ZRowId.nullable().default(null),
  handoffUserId: ZRowId.nullable().default(null),
};

/** A Google service account key file as the console downloads it (only what the JWT grant needs). */
export const ZDialogflowServiceAccount = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  project_id: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});
export type TDialogflowServiceAccount = z.infer<typeof ZDialogflowServiceAccount>;

/** The service account JSON, or null when it is not one (not JSON, or a field missing). */
export const parseServiceAccount = (json: string): TDialogflowServiceAccount | null => {
  try {
    const parsed = ZDialogflowServiceAccount.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const difyAppTypes = ['chatBot', 'agent', 'workflow', 'textGenerator'] as const;

export const ZTypebotSettings = z.object({
  provider: z.literal('typebot'),
  ...ZBotCommon,
  /** The viewer's base address (where the published bot opens), e.g. https://bot.example.com. */
  url: ZUrl,
  publicId: required('informe o id público do typebot'),
  /** Needed only for private bots and previews. */
  token: ZSecret(400),
  /** A conversation idle for this long starts over on the next message. */
  expireMinutes: z.number().int('deve ser um número inteiro').min(1).max(10_080).default(20),
  exitKeyword: ZKeyword.default('sair'),
  restartKeyword: ZKeyword.default('reiniciar'),
  /** Sent when the customer's answer is none of the offered options. */
  unknownMessage: z.string().trim().max(1000).default('Opção inválida. Responda com o número de uma das opções.'),
});

export const ZDifySettings = z.object({
  provider: z.literal('dify'),
  ...ZBotCommon,
  url: ZUrl.default('https://api.dify.ai/v1'),
  apiKey: ZSecret(400),
  appType: z.enum(difyAppTypes).default('chatBot'),
  exitKeyword: ZKeyword.default('sair'),
  restartKeyword: ZKeyword.default('reiniciar'),
});

export const ZDialogflowSettings = z.object({
  provider: z.literal('dialogflow'),
  ...ZBotCommon,
  projectId: required('informe o id do projeto'),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'deve ser um código de idioma como pt-BR')
    .default('pt-BR'),
  /** The key file's JSON (write-only, like every secret). */
  serviceAccountJson: z
    .string()
    .trim()
    .max(20_000)
    .refine(
      (value) => value === '' || parseServiceAccount(value) !== null,
      'deve ser o JSON da conta de serviço, com client_email, private_key e project_id',
    )
    .optional(),
  /** Regional agents answer on their own host (e.g. https://europe-west1-dialogflow.googleapis.com). */
  apiUrl: ZUrl.default('https://dialogflow.googleapis.com'),
  exitKeyword: ZKeyword.default('sair'),
});

export const ZN8nSettings = z.object({
  provider: z.literal('n8n'),
  ...ZBotCommon,
  /** The Webhook node's production (or test) URL. */
  url: ZUrl,
  /** Header Auth of the Webhook node: the header's name (plain) and value (secret). */
  authHeaderName: z
    .string()
    .trim()
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, 'deve ser um nome de cabeçalho HTTP')
    .optional(),
  authHeaderValue: ZSecret(1000),
  exitKeyword: ZKeyword.default('sair'),
});

export const ZVapiSettings = z.object({
  provider: z.literal('vapi'),
  ...ZBotCommon,
  privateKey: ZSecret(400),
  assistantId: required('informe o id do assistente'),
  phoneNumberId: required('informe o id do número'),
});

/** What a bot's settings screen saves (`PUT /bots/:provider`): one shape per provider. */
export const ZBotSettings = z.discriminatedUnion('provider', [
  ZTypebotSettings,
  ZDifySettings,
  ZDialogflowSettings,
  ZN8nSettings,
  ZVapiSettings,
]);
export type TBotSettings = z.infer<typeof ZBotSettings>;
export type TBotSettingsInput = z.input<typeof ZBotSettings>;
export type TBotSettingsOf<P extends TBotProvider> = Extract<TBotSettings, { provider: P }>;

/** The write-only fields of each provider: never answered, only `hasSecret`. */
export const botSecretFields = {
  typebot: ['token'],
  dify: ['apiKey'],
  dialogflow: ['serviceAccountJson'],
  n8n: ['authHeaderValue'],
  vapi: ['privateKey'],
} as const satisfies { [P in TBotProvider]: readonly (keyof TBotSettingsOf<P>)[] };

const ZBotStatus = {
  /** A secret is stored (the token, key, service account or header value). */
  hasSecret: z.boolean(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
};

/** A bot's settings as the server answers them: the secrets replaced by `hasSecret`. */
export const ZBot = z.discriminatedUnion('provider', [
  ZTypebotSettings.omit({ token: true }).extend(ZBotStatus),
  ZDifySettings.omit({ apiKey: true }).extend(ZBotStatus),
  ZDialogflowSettings.omit({ serviceAccountJson: true }).extend(ZBotStatus),
  ZN8nSettings.omit({ authHeaderValue: true }).extend(ZBotStatus),
  ZVapiSettings.omit({ privateKey: true }).extend(ZBotStatus),
]);
export type TBot = z.infer<typeof ZBot>;

export const ZBotProviderParams = z.object({ provider: ZBotProvider });
