-- Row-level security: the second wall between tenants (the first is every repository filtering by tenant).
-- Tenant transactions run as the role prosa_app with app.tenant_id set; the owner connection (migrations,
-- login lookups, platform jobs) is not subject to these policies.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'prosa_app') THEN
    CREATE ROLE prosa_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Roles belong to the whole server: another database on it created the role at the same moment (the
  -- migration lock is per database).
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT prosa_app TO %I', current_user);
EXCEPTION WHEN others THEN
  -- Superusers and existing members need no grant.
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO prosa_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO prosa_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO prosa_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO prosa_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO prosa_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prosa_current_tenant() RETURNS integer
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::integer $$;
--> statement-breakpoint
-- Later migrations call this for each new tenant-owned table.
CREATE OR REPLACE FUNCTION prosa_enable_tenant_rls(tbl regclass, tenant_column text DEFAULT 'tenant_id') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (%I = prosa_current_tenant()) WITH CHECK (%I = prosa_current_tenant())',
    tbl, tenant_column, tenant_column
  );
END
$$;
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('tenants', 'id');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('users');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('queues');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('users_queues');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('refresh_tokens');
--> statement-breakpoint
SELECT prosa_enable_tenant_rls('password_resets');
