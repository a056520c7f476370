import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../platform/db/client.js';
import { baileysAuth } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { baileysLibrary, loadBaileysLibrary } from './baileys-library.js';

/** The creds live in the keys table under this type and id. */
const CREDS = 'creds';

/**
 * A value as stored in jsonb: Buffers and Uint8Arrays become `{ type: 'Buffer', data: base64 }` (Baileys'
 * BufferJSON), so they come back as Buffers; a plain JSON.stringify would turn them into index maps.
 */
export const serialiseAuthValue = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, baileysLibrary().BufferJSON.replacer));

export const deserialiseAuthValue = <T>(stored: unknown): T =>
  JSON.parse(JSON.stringify(stored), baileysLibrary().BufferJSON.reviver) as T;

/** App-state sync keys are protobuf messages: Baileys needs them as such, not as plain objects. */
const reviveKey = <T extends keyof SignalDataTypeMap>(type: T, stored: unknown): SignalDataTypeMap[T] => {
  const value = deserialiseAuthValue<SignalDataTypeMap[T]>(stored);
  return (
    type === 'app-state-sync-key'
      ? baileysLibrary().proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>)
      : value
  ) as SignalDataTypeMap[T];
};

/** On a conflicting key, the new value (PostgreSQL's `excluded` row). */
const sqlExcludedValue = sql`excluded.value`;

type TScope = { db: TDb; tenantId: number; connectionId: number };

const scoped = ({ tenantId, connectionId }: TScope) =>
  and(eq(baileysAuth.tenantId, tenantId), eq(baileysAuth.connectionId, connectionId));

/**
 * A connection's Baileys auth state kept in the database, never in files (Baileys' own multi-file state says
 * it is not for production): the creds row, read at start (fresh creds when there is none), and the Signal
 * keys read and written by id. A write of null deletes; one `set` is one transaction. Key writes must persist
 * or later messages fail to decrypt, so nothing here swallows an error.
 */
export const loadDatabaseAuthState = async (
  scope: TScope,
  log: FastifyBaseLogger,
): Promise<{ state: AuthenticationState; saveCreds: () => Promise<void> }> => {
  const { db, tenantId, connectionId } = scope;
  const { initAuthCreds, makeCacheableSignalKeyStore } = await loadBaileysLibrary();
  const [row] = await withTenant(db, tenantId, (tx) =>
    tx
      .select({ value: baileysAuth.value })
      .from(baileysAuth)
      .where(and(scoped(scope), eq(baileysAuth.type, CREDS), eq(baileysAuth.id, CREDS))),
  );
  const creds: AuthenticationCreds = row ? deserialiseAuthValue(row.value) : initAuthCreds();

  const keys = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found: { [id: string]: SignalDataTypeMap[T] } = {};
      if (ids.length === 0) return found;
      const rows = await withTenant(db, tenantId, (tx) =>
        tx
          .select({ id: baileysAuth.id, value: baileysAuth.value })
          .from(baileysAuth)
          .where(and(scoped(scope), eq(baileysAuth.type, type), inArray(baileysAuth.id, ids))),
      );
      for (const item of rows) found[item.id] = reviveKey(type, item.value);
      return found;
    },
    set: async (data: SignalDataSet) => {
      const writes: { type: string; id: string; value: unknown }[] = [];
      const deletes: { type: string; id: string }[] = [];
      for (const [type, entries] of Object.entries(data))
        for (const [id, value] of Object.entries(entries ?? {}))
          if (value === null || value === undefined) deletes.push({ type, id });
          else writes.push({ type, id, value: serialiseAuthValue(value) });
      if (writes.length === 0 && deletes.length === 0) return;
      await withTenant(db, tenantId, async (tx) => {
        for (const item of deletes)
          await tx
            .delete(baileysAuth)
            .where(and(scoped(scope), eq(baileysAuth.type, item.type), eq(baileysAuth.id, item.id)));
        if (writes.length > 0)
          await tx
            .insert(baileysAuth)
            .values(writes.map((item) => ({ tenantId, connectionId, ...item })))
            .onConflictDoUpdate({
              target: [baileysAuth.tenantId, baileysAuth.connectionId, baileysAuth.type, baileysAuth.id],
              set: { value: sqlExcludedValue, updatedAt: new Date() },
            });
      });
    },
  };

  const saveCreds = async () => {
    const value = serialiseAuthValue(creds);
    await withTenant(db, tenantId, (tx) =>
      tx
        .insert(baileysAuth)
        .values({ tenantId, connectionId, type: CREDS, id: CREDS, value })
        .onConflictDoUpdate({
          target: [baileysAuth.tenantId, baileysAuth.connectionId, baileysAuth.type, baileysAuth.id],
          set: { value, updatedAt: new Date() },
        }),
    );
  };

  // Reads are cached in memory (Baileys asks for the same sessions and pre-keys again and again).
  return { state: { creds, keys: makeCacheableSignalKeyStore(keys, log) }, saveCreds };
};

/** Forgets a connection's pairing (logout, logged out from the phone): the next start shows a new QR code. */
export const wipeAuthState = (scope: TScope) =>
  withTenant(scope.db, scope.tenantId, (tx) => tx.delete(baileysAuth).where(scoped(scope)));
