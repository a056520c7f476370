import {
  aiProviderInfo,
  aiProviders,
  type TAiProvider,
  type TAssistant,
  type TAssistantSettings,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { assertAnswererReferences, nextSealed } from './answerer-settings.js';
import { toAssistantDto } from './assistant-dto.js';
import {
  findAssistantRow,
  findAssistantRows,
  findUsage,
  type TAssistantRow,
  upsertAssistantRow,
  usageMonth,
} from './assistants.repository.js';

type TDeps = Pick<TServices, 'db'> & { secrets: TSecrets; now?: () => Date };

const dtoOf = async (
  deps: TDeps,
  tx: Parameters<typeof findUsage>[0],
  tenantId: number,
  provider: TAiProvider,
  row?: TAssistantRow,
) => {
  const month = usageMonth(deps.now?.() ?? new Date());
  const tokens = await findUsage(tx, tenantId, provider, month);
  return toAssistantDto(provider, row, { month, tokens }, aiProviderInfo[provider].defaultModel);
};

/** Every provider's assistant of the tenant, configured or not (the settings screens' list). */
export const listAssistants = (deps: TDeps, ctx: TRequestContext): Promise<TAssistant[]> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const rows = new Map((await findAssistantRows(tx, ctx.tenantId)).map((row) => [row.provider, row]));
    const list: TAssistant[] = [];
    for (const provider of aiProviders) list.push(await dtoOf(deps, tx, ctx.tenantId, provider, rows.get(provider)));
    return list;
  });

export const getAssistant = (deps: TDeps, ctx: TRequestContext, provider: TAiProvider): Promise<TAssistant> =>
  withTenant(deps.db, ctx.tenantId, async (tx) =>
    dtoOf(deps, tx, ctx.tenantId, provider, await findAssistantRow(tx, ctx.tenantId, provider)),
  );

/** The last four characters of a key, to tell keys apart on the screen without showing them. */
const hintOf = (key: string) => (key.length > 8 ? `…${key.slice(-4)}` : '…');

/**
 * Saves a provider's settings. The key is sealed at rest and never read back; an omitted key keeps the stored
 * one, '' removes it. Named queues, users and connections must be the tenant's (400 naming the field).
 */
export const saveAssistant = (
  deps: TDeps,
  ctx: TRequestContext,
  provider: TAiProvider,
  input: TAssistantSettings,
): Promise<TAssistant> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertAnswererReferences(tx, ctx.tenantId, input);
    const before = await findAssistantRow(tx, ctx.tenantId, provider);
    const { apiKey, ...settings } = input;
    const apiKeySealed = nextSealed(deps.secrets, before?.apiKeySealed, apiKey);
    const key = {
      apiKeySealed,
      apiKeyHint: apiKeySealed === null ? null : apiKey ? hintOf(apiKey) : (before?.apiKeyHint ?? null),
    };
    const transcribes = aiProviderInfo[provider].transcribes;
    const row = await upsertAssistantRow(tx, ctx.tenantId, provider, {
      settings: { ...settings, transcribeAudio: transcribes && settings.transcribeAudio },
      ...key,
    });
    return dtoOf(deps, tx, ctx.tenantId, provider, row);
  });
