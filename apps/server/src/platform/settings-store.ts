import { eq, sql } from 'drizzle-orm';
import type { TExecutor } from './db/client.js';
import { platformSettings } from './db/schema.js';

/** Platform-wide key/value settings (not tenant-owned). */
export const findPlatformSetting = async <T>(db: TExecutor, key: string): Promise<T | undefined> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value as T | undefined;
};

export const setPlatformSetting = async (db: TExecutor, key: string, value: unknown): Promise<void> => {
  await db
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: sql`now()` } });
};

/** Inserts the value only if the key is absent, then returns whatever is stored (safe with several instances). */
export const ensurePlatformSetting = async <T>(db: TExecutor, key: string, create: () => T): Promise<T> => {
  const existing = await findPlatformSetting<T>(db, key);
  if (existing !== undefined) return existing;
  await db.insert(platformSettings).values({ key, value: create() }).onConflictDoNothing();
  return (await findPlatformSetting<T>(db, key)) as T;
};
