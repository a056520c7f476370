import type { FormErrors } from '@mantine/form';
import {
  botSecretFields,
  difyAppTypes,
  type TAssistantScope,
  type TBot,
  type TBotProvider,
  type TBotSettingsInput,
  ZBotSettings,
} from '@prosa/contracts';
import { zodResolver } from '../../../ui/zod-form';

/** How one of a bot's own fields is edited. */
export type TBotField =
  | { name: string; kind: 'text'; required?: boolean; placeholder?: string; defaultValue?: string; max: number }
  | { name: string; kind: 'textarea'; defaultValue?: string; max: number }
  | { name: string; kind: 'number'; defaultValue: number; min: number; max: number }
  | { name: string; kind: 'select'; options: readonly string[]; defaultValue: string };

const exitKeyword: TBotField = { name: 'exitKeyword', kind: 'text', required: true, defaultValue: 'sair', max: 40 };
const restartKeyword: TBotField = {
  name: 'restartKeyword',
  kind: 'text',
  required: true,
  defaultValue: 'reiniciar',
  max: 40,
};

/** Each provider's fields (besides the common switch, scope and hand-off), in screen order. */
export const botFields: Record<TBotProvider, TBotField[]> = {
  typebot: [
    { name: 'url', kind: 'text', required: true, placeholder: 'https://bot.exemplo.com.br', max: 2048 },
    { name: 'publicId', kind: 'text', required: true, max: 200 },
    { name: 'expireMinutes', kind: 'number', defaultValue: 20, min: 1, max: 10_080 },
    exitKeyword,
    restartKeyword,
    {
      name: 'unknownMessage',
      kind: 'textarea',
      defaultValue: 'Opção inválida. Responda com o número de uma das opções.',
      max: 1000,
    },
  ],
  dify: [
    { name: 'url', kind: 'text', required: true, defaultValue: 'https://api.dify.ai/v1', max: 2048 },
    { name: 'appType', kind: 'select', options: difyAppTypes, defaultValue: 'chatBot' },
    exitKeyword,
    restartKeyword,
  ],
  dialogflow: [
    { name: 'projectId', kind: 'text', required: true, max: 200 },
    { name: 'language', kind: 'text', required: true, defaultValue: 'pt-BR', max: 20 },
    {
      name: 'apiUrl',
      kind: 'text',
      required: true,
      defaultValue: 'https://dialogflow.googleapis.com',
      max: 2048,
    },
    exitKeyword,
  ],
  n8n: [
    { name: 'url', kind: 'text', required: true, placeholder: 'https://n8n.exemplo.com.br/webhook/…', max: 2048 },
    { name: 'authHeaderName', kind: 'text', max: 100 },
    exitKeyword,
  ],
  vapi: [
    { name: 'assistantId', kind: 'text', required: true, max: 200 },
    { name: 'phoneNumberId', kind: 'text', required: true, max: 200 },
  ],
};

export const secretFieldOf = (provider: TBotProvider): string => botSecretFields[provider][0];

/** The bot settings screen's form: the common part, the provider's own fields, and the write-only secret. */
export type TBotForm = {
  enabled: boolean;
  scopeKind: TAssistantScope['kind'];
  scopeIds: string[];
  handoffQueueId: string | null;
  handoffUserId: string | null;
  fields: Record<string, string | number>;
  /** A new secret typed; empty keeps the stored one (unless `removeSecret`). */
  secret: string;
  removeSecret: boolean;
};

const defaultOf = (field: TBotField): string | number => field.defaultValue ?? '';

/** The form of a bot as saved (or, never saved, with the contract's defaults). */
export const botToForm = (provider: TBotProvider, bot: TBot | undefined): TBotForm => {
  const saved = (bot ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    botFields[provider].map((field) => {
      const value = saved[field.name];
      return [field.name, typeof value === 'string' || typeof value === 'number' ? value : defaultOf(field)];
    }),
  );
  const scope = bot?.scope ?? { kind: 'none' };
  return {
    enabled: bot?.enabled ?? false,
    scopeKind: scope.kind,
    scopeIds: 'ids' in scope ? scope.ids.map(String) : [],
    handoffQueueId: bot?.handoffQueueId ? String(bot.handoffQueueId) : null,
    handoffUserId: bot?.handoffUserId ? String(bot.handoffUserId) : null,
    fields,
    secret: '',
    removeSecret: false,
  };
};

/** What `PUT /bots/:provider` receives: the secret left out to keep it, '' to remove it. */
export const botFormToBody = (provider: TBotProvider, form: TBotForm): TBotSettingsInput => {
  const fields = Object.fromEntries(
    botFields[provider].map((field) => {
      const value = form.fields[field.name];
      if (field.kind === 'number') return [field.name, value === '' ? '' : Number(value)];
      return [field.name, typeof value === 'string' ? value.trim() : value];
    }),
  );
  const typed = form.secret.trim();
  const secret = form.removeSecret
    ? { [secretFieldOf(provider)]: '' }
    : typed
      ? { [secretFieldOf(provider)]: typed }
      : {};
  const scope: TAssistantScope =
    form.scopeKind === 'connections' || form.scopeKind === 'queues'
      ? { kind: form.scopeKind, ids: form.scopeIds.map(Number) }
      : { kind: form.scopeKind };
  return {
    provider,
    enabled: form.enabled,
    scope,
    handoffQueueId: form.handoffQueueId === null ? null : Number(form.handoffQueueId),
    handoffUserId: form.handoffUserId === null ? null : Number(form.handoffUserId),
    ...fields,
    ...secret,
  } as TBotSettingsInput;
};

/** Validates with the contract's ZBotSettings, each error on the input that shows it. */
export const validateBotForm =
  (provider: TBotProvider) =>
  (form: TBotForm): FormErrors => {
    const errors = zodResolver<TBotForm>(ZBotSettings, (values) => botFormToBody(provider, values))(form);
    const secret = secretFieldOf(provider);
    const common = new Set(['enabled', 'handoffQueueId', 'handoffUserId']);
    return Object.fromEntries(
      Object.entries(errors).map(([path, message]) => {
        const head = path.split('.')[0] ?? path;
        const field = path.startsWith('scope.ids')
          ? 'scopeIds'
          : head === 'scope'
            ? 'scopeKind'
            : head === secret
              ? 'secret'
              : common.has(head)
                ? head
                : `fields.${head}`;
        return [field, message];
      }),
    );
  };
