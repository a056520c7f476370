import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client.js';
import { baileysAuth, connections, sessionLeases } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';

/** `now() - staleMs`, as SQL. */
const staleAfter = (staleMs: number) => sql`now() - (${String(staleMs)}::text || ' milliseconds')::interval`;

type TConnectionRef = { tenantId: number; connectionId: number };

/**
 * Takes the lease of a connection's session for `owner` when it is free, already ours, or stale (its owner
 * stopped renewing it `staleMs` ago): true when `owner` holds it afterwards. One statement, so two instances
 * racing for it cannot both win.
 */
export const acquireLease = async (db: TDb, ref: TConnectionRef, owner: string, staleMs: number) => {
  const rows = await withTenant(db, ref.tenantId, (tx) =>
    tx
      .insert(sessionLeases)
      .values({ tenantId: ref.tenantId, connectionId: ref.connectionId, owner })
      .onConflictDoUpdate({
        target: [sessionLeases.tenantId, sessionLeases.connectionId],
        set: { owner, heartbeatAt: sql`now()` },
        setWhere: sql`${sessionLeases.owner} = ${owner} or ${sessionLeases.heartbeatAt} < ${staleAfter(staleMs)}`,
      })
      .returning({ owner: sessionLeases.owner }),
  );
  return rows[0]?.owner === owner;
};

/** Whether another instance holds a live lease on the session (it runs the socket). */
export const leasedElsewhere = async (db: TDb, ref: TConnectionRef, owner: string, staleMs: number) => {
  const rows = await withTenant(db, ref.tenantId, (tx) =>
    tx
      .select({ owner: sessionLeases.owner })
      .from(sessionLeases)
      .where(
        and(
          eq(sessionLeases.tenantId, ref.tenantId),
          eq(sessionLeases.connectionId, ref.connectionId),
          sql`${sessionLeases.heartbeatAt} >= ${staleAfter(staleMs)}`,
        ),
      ),
  );
  return rows.some((row) => row.owner !== owner);
};

/**
 * Renews every lease this instance holds, in one statement: the connections still ours. A lease taken over
 * meanwhile (this instance stalled past the stale limit) is missing from the answer.
 * NOTE: crosses tenants on purpose (an instance's own bookkeeping, no request); rows keep their tenantId.
 */
export const renewLeases = async (db: TDb, owner: string) =>
  db
    .update(sessionLeases)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(sessionLeases.owner, owner))
    .returning({ tenantId: sessionLeases.tenantId, connectionId: sessionLeases.connectionId });

export const releaseLease = (db: TDb, ref: TConnectionRef, owner: string) =>
  withTenant(db, ref.tenantId, (tx) =>
    tx
      .delete(sessionLeases)
      .where(
        and(
          eq(sessionLeases.tenantId, ref.tenantId),
          eq(sessionLeases.connectionId, ref.connectionId),
          eq(sessionLeases.owner, owner),
        ),
      ),
  );

/** Gives back every lease of this instance (it is closing). NOTE: crosses tenants on purpose, as above. */
export const releaseAllLeases = (db: TDb, owner: string) =>
  db.delete(sessionLeases).where(eq(sessionLeases.owner, owner));

/**
 * Every tenant's paired Baileys session that should be running and that no live instance runs: connected (or
 * reconnecting) and with registered creds in the database, its lease missing or stale. Boot and the heartbeat
 * resume them. NOTE: crosses tenants on purpose (a boot task, no request); each row keeps its own tenantId.
 */
export const findOrphanSessions = (db: TDb, staleMs: number) =>
  db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.type, 'baileys'),
        eq(connections.isDeleted, false),
        eq(connections.isActive, true),
        inArray(connections.status, ['CONNECTED', 'OPENING']),
        sql`exists (select 1 from ${baileysAuth} a where a.tenant_id = ${connections.tenantId}
          and a.connection_id = ${connections.id} and a.type = 'creds' and a.value -> 'me' is not null)`,
        sql`not exists (select 1 from ${sessionLeases} l where l.tenant_id = ${connections.tenantId}
          and l.connection_id = ${connections.id}
          and l.heartbeat_at >= ${staleAfter(staleMs)})`,
      ),
    );

/**
 * The stored proxy of the connections this instance runs, so a change made through another instance is followed.
 * NOTE: crosses tenants on purpose (an instance's own bookkeeping, by id); each row keeps its own tenantId.
 */
export const findProxies = (db: TDb, connectionIds: number[]) =>
  db
    .select({ tenantId: connections.tenantId, connectionId: connections.id, proxy: connections.proxy })
    .from(connections)
    .where(inArray(connections.id, connectionIds));

/** The reconnect attempts since the session was last open, as the connection row keeps them. */
export const setRetries = (db: TDb, ref: TConnectionRef, retries: number) =>
  withTenant(db, ref.tenantId, (tx) =>
    tx
      .update(connections)
      .set({ retries })
      .where(and(eq(connections.tenantId, ref.tenantId), eq(connections.id, ref.connectionId))),
  );
