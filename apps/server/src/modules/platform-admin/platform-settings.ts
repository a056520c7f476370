import type { ZPlatformSettings, ZUpdatePlatformSettings } from '@prosa/contracts';
import { PAGE_SIZE } from '@prosa/contracts';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { TExecutor } from '../../platform/db/client.js';
import { findPlatformSetting, setPlatformSetting } from '../../platform/settings-store.js';
import { findAuditEntries, insertAuditEntry } from './audit.repository.js';

export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;

const defaults: TPlatformSettings = { allowSignup: false, signupTrialDays: 7, masterKeyEnabled: false };

export const getPlatformSettings = async (db: TExecutor): Promise<TPlatformSettings> => ({
  ...defaults,
  ...((await findPlatformSetting<Partial<TPlatformSettings>>(db, 'platform')) ?? {}),
});

export const getMasterKeyHash = (db: TExecutor) => findPlatformSetting<string>(db, 'masterKeyHash');

export const updatePlatformSettings = async (
  db: TExecutor,
  actorEmail: string,
  input: z.infer<typeof ZUpdatePlatformSettings>,
): Promise<TPlatformSettings> => {
  const { masterKey, ...changes } = input;
  const next = { ...(await getPlatformSettings(db)), ...changes };
  await setPlatformSetting(db, 'platform', next);
  if (masterKey) await setPlatformSetting(db, 'masterKeyHash', await hashPassword(masterKey));
  await insertAuditEntry(db, {
    action: 'platform.settings.update',
    actorEmail,
    details: { ...changes, masterKeyChanged: Boolean(masterKey) },
  });
  return next;
};

export const listAuditEntries = async (db: TExecutor, pageNumber: number) => {
  const { rows, count } = await findAuditEntries(db, { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE });
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actorEmail: r.actorEmail,
      tenantId: r.targetTenantId,
      targetUserId: r.targetUserId,
      ip: r.ip,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    count,
    hasMore: pageNumber * PAGE_SIZE < count,
  };
};

export { insertAuditEntry };
