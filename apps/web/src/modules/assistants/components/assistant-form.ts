import type { FormErrors } from '@mantine/form';
import {
  aiProviderInfo,
  type TAiProvider,
  type TAssistant,
  type TAssistantScope,
  type TAssistantSettingsInput,
  ZAssistantSettings,
} from '@prosa/contracts';
import { zodResolver } from '../../../ui/zod-form';

export type TScopeKind = TAssistantScope['kind'];

/** The settings screen's form: the contract's fields in the shape Mantine inputs hold them. */
export type TAssistantForm = {
  enabled: boolean;
  baseUrl: string;
  model: string;
  /** A new key typed; empty keeps the stored one (unless `removeKey`). */
  apiKey: string;
  removeKey: boolean;
  organizationId: string;
  systemPrompt: string;
  temperature: number;
  maxReplyTokens: number | string;
  maxRepliesPerTicket: number | string;
  /** Empty: no limit. */
  monthlyTokenBudget: number | string;
  scopeKind: TScopeKind;
  scopeIds: string[];
  exitKeyword: string;
  restartKeyword: string;
  handoffQueueId: string | null;
  handoffUserId: string | null;
  outsideHours: 'answer' | 'silent';
  burstSeconds: number | string;
  transcribeAudio: boolean;
  transcriptionModel: string;
  helpsAgents: boolean;
};

/** The form of a provider nobody configured yet: the contract's defaults and the provider's model. */
export const emptyAssistantForm = (provider: TAiProvider): TAssistantForm => ({
  enabled: false,
  baseUrl: '',
  model: aiProviderInfo[provider].defaultModel,
  apiKey: '',
  removeKey: false,
  organizationId: '',
  systemPrompt: '',
  temperature: 0.7,
  maxReplyTokens: 600,
  maxRepliesPerTicket: 30,
  monthlyTokenBudget: '',
  scopeKind: 'none',
  scopeIds: [],
  exitKeyword: 'sair',
  restartKeyword: 'reiniciar',
  handoffQueueId: null,
  handoffUserId: null,
  outsideHours: 'answer',
  burstSeconds: 4,
  transcribeAudio: false,
  transcriptionModel: aiProviderInfo[provider].defaultTranscriptionModel ?? '',
  helpsAgents: false,
});

/** The server's copy as the form holds it (the key never comes back: only whether one is stored). */
export const assistantToForm = (assistant: TAssistant): TAssistantForm => ({
  ...emptyAssistantForm(assistant.provider),
  enabled: assistant.enabled,
  baseUrl: assistant.baseUrl,
  model: assistant.model,
  organizationId: assistant.organizationId,
  systemPrompt: assistant.systemPrompt,
  temperature: assistant.temperature,
  maxReplyTokens: assistant.maxReplyTokens,
  maxRepliesPerTicket: assistant.maxRepliesPerTicket,
  monthlyTokenBudget: assistant.monthlyTokenBudget ?? '',
  scopeKind: assistant.scope.kind,
  scopeIds: 'ids' in assistant.scope ? assistant.scope.ids.map(String) : [],
  exitKeyword: assistant.exitKeyword,
  restartKeyword: assistant.restartKeyword,
  handoffQueueId: assistant.handoffQueueId === null ? null : String(assistant.handoffQueueId),
  handoffUserId: assistant.handoffUserId === null ? null : String(assistant.handoffUserId),
  outsideHours: assistant.outsideHours,
  burstSeconds: assistant.burstSeconds,
  transcribeAudio: assistant.transcribeAudio,
  transcriptionModel: assistant.transcriptionModel,
  helpsAgents: assistant.helpsAgents,
});

/** An emptied number input stays '' so that validation says "required" instead of sending 0. */
const numberOf = (value: number | string): number | string => (value === '' ? '' : Number(value));

const scopeOf = (form: TAssistantForm): TAssistantScope => {
  switch (form.scopeKind) {
    case 'none':
    case 'all':
      return { kind: form.scopeKind };
    case 'connections':
    case 'queues':
      return { kind: form.scopeKind, ids: form.scopeIds.map(Number) };
    default: {
      const never: never = form.scopeKind;
      return never;
    }
  }
};

/** What `PUT /assistants/:provider` receives: the key left out to keep it, '' to remove it. */
export const assistantFormToBody = (form: TAssistantForm): TAssistantSettingsInput => {
  const typedKey = form.apiKey.trim();
  return {
    enabled: form.enabled,
    baseUrl: form.baseUrl.trim(),
    model: form.model,
    ...(form.removeKey ? { apiKey: '' } : typedKey ? { apiKey: typedKey } : {}),
    organizationId: form.organizationId,
    systemPrompt: form.systemPrompt,
    temperature: form.temperature,
    maxReplyTokens: numberOf(form.maxReplyTokens) as number,
    maxRepliesPerTicket: numberOf(form.maxRepliesPerTicket) as number,
    monthlyTokenBudget: form.monthlyTokenBudget === '' ? null : Number(form.monthlyTokenBudget),
    scope: scopeOf(form),
    exitKeyword: form.exitKeyword,
    restartKeyword: form.restartKeyword,
    handoffQueueId: form.handoffQueueId === null ? null : Number(form.handoffQueueId),
    handoffUserId: form.handoffUserId === null ? null : Number(form.handoffUserId),
    outsideHours: form.outsideHours,
    burstSeconds: numberOf(form.burstSeconds) as number,
    transcribeAudio: form.transcribeAudio,
    transcriptionModel: form.transcriptionModel,
    helpsAgents: form.helpsAgents,
  };
};

/** The form field that shows an error of the body's `path` (the scope's ids are a field of their own). */
const fieldOf = (path: string): string =>
  path.startsWith('scope.ids') ? 'scopeIds' : path.startsWith('scope') ? 'scopeKind' : (path.split('.')[0] ?? path);

/** Validates with the contract's schema, each error on the field that shows it. */
export const validateAssistantForm = (form: TAssistantForm): FormErrors => {
  const errors = zodResolver<TAssistantForm>(ZAssistantSettings, assistantFormToBody)(form);
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [fieldOf(path), message]));
};
