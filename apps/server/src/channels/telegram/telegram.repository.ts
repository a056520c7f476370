import { and, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { connections } from '../../platform/db/schema.js';

/**
 * Every tenant's working Telegram bot, to resume long polling when the server starts.
 * NOTE: crosses tenants on purpose (a boot task, no request); each row keeps its own tenantId.
 */
export const findPollableTelegramConnections = (db: TExecutor) =>
  db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.type, 'telegram'),
        eq(connections.isDeleted, false),
        eq(connections.isActive, true),
        eq(connections.status, 'CONNECTED'),
      ),
    );
