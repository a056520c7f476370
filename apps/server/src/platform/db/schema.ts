import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// NOTE: every tenant-owned table has `tenant_id` first in its indexes and a row-level security policy
// (migration 0001_tenant_rls.sql); `tenants.test`/`rls.int.test.ts` checks no table is forgotten.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'inactive', 'trial'] })
    .notNull()
    .default('active'),
  email: text('email'),
  identity: text('identity'),
  maxUsers: integer('max_users').notNull().default(5),
  maxConnections: integer('max_connections').notNull().default(1),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  allowUserCreation: boolean('allow_user_creation').notNull().default(true),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  menuVisibility: jsonb('menu_visibility').$type<Record<string, boolean>>().notNull().default({}),
  businessHours: jsonb('business_hours').$type<unknown>(),
  messageBusinessHours: text('message_business_hours'),
  holidays: jsonb('holidays').$type<unknown>().notNull().default([]),
  rating: jsonb('rating').$type<unknown>(),
  systemColors: jsonb('system_colors').$type<Record<string, string>>(),
  branding: jsonb('branding').$type<{ appName: string; logo: string | null }>(),
  isPlatform: boolean('is_platform').notNull().default(false),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile', { enum: ['superadmin', 'admin', 'super', 'supervisor', 'user'] })
      .notNull()
      .default('user'),
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    menuPermissions: jsonb('menu_permissions').$type<Record<string, boolean>>().notNull().default({}),
    blockWavoip: boolean('block_wavoip').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    status: text('status').notNull().default('offline'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    businessHours: jsonb('business_hours').$type<unknown>(),
    /** Bumped to invalidate every access token of the user at once (password reset, profile change). */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_tenant_idx').on(t.tenantId, t.id)],
);

export const queues = pgTable(
  'queues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    queue: text('queue').notNull(),
    color: text('color').notNull().default('#5c67f2'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('queues_tenant_name_key').on(t.tenantId, sql`lower(${t.queue})`)],
);

export const usersQueues = pgTable(
  'users_queues',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.queueId] }), index('users_queues_queue_idx').on(t.queueId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    viaMasterKey: boolean('via_master_key').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.tenantId, t.userId),
  ],
);

// Platform-level tables (no tenant owns them).

export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    action: text('action').notNull(),
    actorEmail: text('actor_email'),
    targetTenantId: integer('target_tenant_id'),
    targetUserId: integer('target_user_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
