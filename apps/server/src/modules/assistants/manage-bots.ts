import { botSecretFields, type TBot, type TBotProvider, type TBotSettings, ZBot, ZBotSettings } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { assertAnswererReferences, nextSealed } from './answerer-settings.js';
import { findBotRows, type TBotRow, upsertBotRow } from './bots.repository.js';

type TDeps = Pick<TServices, 'db'> & { secrets: TSecrets };

/** The one write-only field of a provider (its token, key, service account or header value). */
export const secretFieldOf = (provider: TBotProvider): string => botSecretFields[provider][0];

/** A stored bot as the screens read it: the secret replaced by `hasSecret`; null when the row no longer parses. */
export const toBotDto = (row: TBotRow): TBot | null => {
  const parsed = ZBot.safeParse({
    ...row.settings,
    provider: row.provider,
    hasSecret: row.secretSealed !== null,
    lastError: row.lastError ?? null,
    updatedAt: row.updatedAt.toISOString(),
  });
  return parsed.success ? parsed.data : null;
};

/** The stored settings with the secret opened, as the bot clients take them; null when they no longer parse. */
export const openBotSettings = (secrets: TSecrets, row: TBotRow): TBotSettings | null => {
  const secret = row.secretSealed ? secrets.open(row.secretSealed) : null;
  const field = secretFieldOf(row.provider as TBotProvider);
  const parsed = ZBotSettings.safeParse({
    ...row.settings,
    provider: row.provider,
    ...(secret ? { [field]: secret } : {}),
  });
  return parsed.success ? parsed.data : null;
};

/** The tenant's configured bots (a provider not listed has never been saved). */
export const listBots = (deps: TDeps, ctx: TRequestContext): Promise<TBot[]> =>
  withTenant(deps.db, ctx.tenantId, async (tx) =>
    (await findBotRows(tx, ctx.tenantId)).flatMap((row) => toBotDto(row) ?? []),
  );

/**
 * Saves a bot's settings. The secret is sealed at rest and never read back: omitted keeps the stored one, ''
 * removes it. The body's provider must be the path's; named queues, users and connections the tenant's.
 */
export const saveBot = (
  deps: TDeps,
  ctx: TRequestContext,
  provider: TBotProvider,
  input: TBotSettings,
): Promise<TBot> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    if (input.provider !== provider)
      throw new AppError('ERR_VALIDATION', { field: 'provider', detail: 'provider must be the one in the path' });
    await assertAnswererReferences(tx, ctx.tenantId, input);
    const field = secretFieldOf(provider);
    const { [field]: secret, provider: _provider, ...settings } = input as Record<string, unknown>;
    const before = (await findBotRows(tx, ctx.tenantId)).find((row) => row.provider === provider);
    const secretSealed = nextSealed(deps.secrets, before?.secretSealed, secret);
    const row = await upsertBotRow(tx, ctx.tenantId, provider, { settings, secretSealed });
    const dto = toBotDto(row);
    if (!dto) throw new Error('a bot saved through its contract did not read back');
    return dto;
  });
