import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { findUser, findUsers } from '../../modules/users/users.repository.js';
import { queryRows } from './client.js';
import { withTenant } from './tenant-tx.js';

describe('tenant walls', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<TestApp['createTenantFixture']>>;
  let b: Awaited<ReturnType<TestApp['createTenantFixture']>>;

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
  });
  afterAll(() => t.close());

  it('wall 1: a repository asked with the wrong tenant finds nothing', async () => {
    // Even on the platform connection (no row-level security), the repository's tenant filter holds.
    expect(await findUser(t.db, a.tenantId, b.admin.id)).toBeUndefined();
    const { rows } = await findUsers(t.db, a.tenantId, { limit: 100, offset: 0 });
    expect(rows.map((r) => r.tenantId).every((id) => id === a.tenantId)).toBe(true);
    expect(rows.some((r) => r.id === b.agent.id)).toBe(false);
  });

  it('wall 2: a raw query inside a tenant transaction cannot read another tenant', async () => {
    const seen = await withTenant(t.db, a.tenantId, (tx) =>
      queryRows<{ id: number; tenant_id: number }>(tx, sql`select id, tenant_id from users`),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.tenant_id === a.tenantId)).toBe(true);
    const direct = await withTenant(t.db, a.tenantId, (tx) =>
      queryRows(tx, sql`select * from users where id = ${b.admin.id}`),
    );
    expect(direct).toEqual([]);
    const tenantsSeen = await withTenant(t.db, a.tenantId, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from tenants`),
    );
    expect(tenantsSeen.map((r) => r.id)).toEqual([a.tenantId]);
  });

  it('wall 2: a tenant transaction cannot write rows for another tenant', async () => {
    await expect(
      withTenant(t.db, a.tenantId, (tx) =>
        tx.execute(sql`insert into queues (tenant_id, queue) values (${b.tenantId}, 'intrusa')`),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(t.db, a.tenantId, (tx) =>
      queryRows(tx, sql`update users set name = 'hacked' where id = ${b.admin.id} returning id`),
    );
    expect(updated).toEqual([]);
  });

  it('every table with a tenant_id column has row-level security and a policy', async () => {
    const rows = await queryRows<{ table_name: string; rls: boolean; policies: number }>(
      t.db,
      sql`select c.table_name,
                 cl.relrowsecurity as rls,
                 (select count(*)::int from pg_policies p where p.tablename = c.table_name) as policies
            from information_schema.columns c
            join pg_class cl on cl.relname = c.table_name
           where c.table_schema = 'public' and c.column_name = 'tenant_id'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows)
      expect({ table: row.table_name, rls: row.rls, hasPolicy: row.policies > 0 }).toEqual({
        table: row.table_name,
        rls: true,
        hasPolicy: true,
      });
  });
});
