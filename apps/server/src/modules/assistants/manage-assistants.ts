import {
  aiProviderInfo,
  aiProviders,
  type TAiProvider,
  type TAssistant,
  type TAssistantSettings,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections, queues, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
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
    await assertOwnedIds(tx, ctx.tenantId, queues, 'handoffQueueId', input.handoffQueueId);
    await assertOwnedIds(tx, ctx.tenantId, users, 'handoffUserId', input.handoffUserId);
    if (input.scope.kind === 'queues') await assertOwnedIds(tx, ctx.tenantId, queues, 'scope.ids', input.scope.ids);
    if (input.scope.kind === 'connections')
      await assertOwnedIds(tx, ctx.tenantId, connections, 'scope.ids', input.scope.ids, { where: liveConnection });
    const before = await findAssistantRow(tx, ctx.tenantId, provider);
    const { apiKey, ...settings } = input;
    const key =
      apiKey === undefined
        ? { apiKeySealed: before?.apiKeySealed ?? null, apiKeyHint: before?.apiKeyHint ?? null }
        : apiKey === ''
          ? { apiKeySealed: null, apiKeyHint: null }
          : { apiKeySealed: deps.secrets.seal(apiKey), apiKeyHint: hintOf(apiKey) };
    const transcribes = aiProviderInfo[provider].transcribes;
    const row = await upsertAssistantRow(tx, ctx.tenantId, provider, {
      settings: { ...settings, transcribeAudio: transcribes && settings.transcribeAudio },
      ...key,
    });
    return dtoOf(deps, tx, ctx.tenantId, provider, row);
  });
