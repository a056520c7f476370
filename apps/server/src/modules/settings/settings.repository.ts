import { eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { settings } from '../../platform/db/schema.js';

export const findSettingRows = (tx: TExecutor, tenantId: number) =>
  tx.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.tenantId, tenantId));

export const upsertSetting = async (tx: TExecutor, tenantId: number, key: string, value: string) => {
  const [row] = await tx
    .insert(settings)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({
      target: [settings.tenantId, settings.key],
      set: { value, updatedAt: sql`now()` },
    })
    .returning({ key: settings.key, value: settings.value });
  return row;
};
