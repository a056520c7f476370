import { type TAiProvider, type TAssistant, type TAssistantSettings, ZAssistantSettings } from '@prosa/contracts';
import type { TAssistantRow } from './assistants.repository.js';

/** The stored settings read back through the contract: a field added since gets its default. */
export const readAssistantSettings = (row: TAssistantRow | undefined): Omit<TAssistantSettings, 'apiKey'> => {
  const parsed = ZAssistantSettings.safeParse({ enabled: false, model: 'modelo', ...(row?.settings ?? {}) });
  if (parsed.success) return parsed.data;
  return ZAssistantSettings.parse({ enabled: false, model: 'modelo' });
};

export const toAssistantDto = (
  provider: TAiProvider,
  row: TAssistantRow | undefined,
  usage: { month: string; tokens: number },
  defaultModel: string,
): TAssistant => {
  const settings = readAssistantSettings(row);
  return {
    ...settings,
    model: row ? settings.model : defaultModel,
    provider,
    configured: row !== undefined,
    hasApiKey: Boolean(row?.apiKeySealed),
    apiKeyHint: row?.apiKeyHint ?? null,
    usage,
    lastError: row?.lastError ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
};
