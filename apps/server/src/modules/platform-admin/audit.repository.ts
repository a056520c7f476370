import { count, desc } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { auditLog } from '../../platform/db/schema.js';

// Platform-level table: the superadmin reads it; tenants never do.

export const insertAuditEntry = async (db: TExecutor, entry: typeof auditLog.$inferInsert): Promise<void> => {
  await db.insert(auditLog).values(entry);
};

export const findAuditEntries = async (db: TExecutor, options: { limit: number; offset: number }) => {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return { rows, count: total?.n ?? 0 };
};
