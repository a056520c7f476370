import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client.js';
import { connections } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';

/**
 * Keeps the token of the instance the session made on the uazapi server (sealed) in the connection's config.
 * Merged into the stored JSON rather than written whole: an admin's edit of the other settings meanwhile stays.
 */
export const saveUazapiInstanceToken = (db: TDb, tenantId: number, connectionId: number, sealedToken: string) =>
  withTenant(db, tenantId, (tx) =>
    tx
      .update(connections)
      .set({ config: sql`${connections.config} || ${JSON.stringify({ instanceToken: sealedToken })}::jsonb` })
      .where(
        and(eq(connections.tenantId, tenantId), eq(connections.id, connectionId), eq(connections.isDeleted, false)),
      ),
  );
