import { verifyPassword } from '../../platform/auth/passwords.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { getMasterKeyHash, getPlatformSettings, insertAuditEntry } from '../platform-admin/platform-settings.js';
import { findLoginCandidate, recordFailures } from './auth.repository.js';
import { assertMayEnter, assertNotThrottled, throttleKeys } from './login.js';

/**
 * Support staff enter a tenant user's account with the platform master key. Off by default; every attempt,
 * successful or not, is written to the audit log the superadmin reads.
 */
export const loginWithMasterKey = async (
  services: Pick<TServices, 'db' | 'decryptSecret'>,
  input: { email: string; masterKey: string; ip: string },
) => {
  const settings = await getPlatformSettings(services.db);
  const hash = await getMasterKeyHash(services.db);
  if (!settings.masterKeyEnabled || !hash) throw new AppError('ERR_MASTERKEY_DISABLED');
  const plain = services.decryptSecret(input.masterKey, 'masterKey');
  const keys = throttleKeys(`masterkey:${input.email}`, `masterkey:${input.ip}`);
  await assertNotThrottled(services, keys);
  const candidate = await findLoginCandidate(services.db, input.email);
  const valid = await verifyPassword(hash, plain);
  const audit = (action: string, details: Record<string, unknown> = {}) =>
    insertAuditEntry(services.db, {
      action,
      actorEmail: null,
      targetTenantId: candidate?.user.tenantId ?? null,
      targetUserId: candidate?.user.id ?? null,
      ip: input.ip,
      details: { email: input.email, ...details },
    });
  if (!valid || !candidate || candidate.user.profile === 'superadmin') {
    await recordFailures(services.db, keys);
    await audit('masterkey.login.failed');
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  assertMayEnter(candidate);
  await audit('masterkey.login', { tenantName: candidate.tenant.name, profile: candidate.user.profile });
  return candidate;
};
