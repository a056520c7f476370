import type { TFlowDocument } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
  /** When the tenant last asked its channels for conversations' history (POST /messagesUpdateSyncTime, syncOld). */
  messagesSyncedAt: timestamp('messages_synced_at', { withTimezone: true }),
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
    /** The monitor (`/monitor`) alerts when a ticket waits in this queue longer than this; null: no alert. */
    waitAlertMinutes: integer('wait_alert_minutes'),
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

// ---------------------------------------------------------------------------------------------------------
// Conversations: contacts, connections, tickets, messages and what agents organise them with.

const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    tag: text('tag').notNull(),
    color: text('color').notNull().default('#5c67f2'),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.tag})`)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    /** E.164 phone (or the group id for groups); null for contacts known only by another identity. */
    number: text('number'),
    email: text('email'),
    profilePicUrl: text('profile_pic_url'),
    isGroup: boolean('is_group').notNull().default(false),
    pushname: text('pushname'),
    cpf: text('cpf'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    businessName: text('business_name'),
    /** DD/MM or DD/MM/YYYY, as the family stores it. */
    birthday: text('birthday'),
    blocked: boolean('blocked').notNull().default(false),
    chatbotBlocked: boolean('chatbot_blocked').notNull().default(false),
    kanban: integer('kanban'),
    /** The team's notes about the contact (migration 0013), edited from the chat. */
    notes: text('notes'),
    /**
     * The state (UF) of the number's area code (DDD), `??` for none: what contatos-por-estado sorts and filters
     * by (docs/reports.md). Computed by PostgreSQL from the number (function of migration 0031), so every write
     * keeps it.
     */
    dddState: text('ddd_state').notNull().generatedAlwaysAs(sql`prosa_ddd_state(number)`),
    ...timestamps,
  },
  (t) => [
    index('contacts_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    index('contacts_tenant_ddd_state_idx').on(t.tenantId, t.dddState, t.id).where(sql`not ${t.isGroup}`),
    index('contacts_tenant_number_idx').on(t.tenantId, t.number),
    // Ticket search (migration 0011, pg_trgm): substrings of a name or a number.
    index('contacts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contacts_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
  ],
);

/**
 * Every way a channel can name the same person (canonical phone key, WhatsApp LID, Telegram id, web chat
 * visitor id, group id). Unique per tenant: two deliveries naming one person always find one contact.
 */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['phone', 'lid', 'group', 'telegram', 'webchat', 'email', 'instagram', 'messenger', 'bsuid'],
    }).notNull(),
    value: text('value').notNull(),
    /**
     * The form the channel reported, when it differs from `value` (a Brazilian mobile WhatsApp still knows by its
     * old eight-digit number, stored under the nine-digit key): sends go to this one.
     */
    reported: text('reported'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_identities_key').on(t.tenantId, t.kind, t.value),
    index('contact_identities_contact_idx').on(t.tenantId, t.contactId),
  ],
);

export const contactCustomFields = pgTable(
  'contact_custom_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [index('contact_custom_fields_contact_idx').on(t.tenantId, t.contactId)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

/** A contact's wallet: the users who own the relationship with that customer. */
export const contactWallets = pgTable(
  'contact_wallets',
  {
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.contactId, t.userId] }), index('contact_wallets_user_idx').on(t.userId)],
);

/** A channel connection ("whatsapps" in the family's API, whatever the channel). */
/** A connection's proxy as stored: `url` is `protocol://host:port`; the password is sealed (platform/secrets). */
export type TStoredProxy = { url: string; username: string | null; password: string | null };

export const connections = pgTable(
  'connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('DISCONNECTED'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** Public token of channels reached from outside (web chat widget, inbound webhooks). */
    token: text('token'),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    number: text('number'),
    qrcode: text('qrcode'),
    retries: integer('retries').notNull().default(0),
    /** Why the connection is down (a catalogue code), from the provider's last answer. */
    lastError: text('last_error'),
    /** Paced channels: the earliest time the next send may go (shared by every instance). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    farewellMessage: text('farewell_message'),
    greetingMessage: text('greeting_message'),
    /** Domain 5.5: ask for the rating when a ticket of this connection closes (with the tenant's userRating). */
    sendEvaluation: boolean('send_evaluation').notNull().default(true),
    /** Channel-specific settings (credentials, bot options), validated by the channel's adapter. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** The proxy the number goes out through (Baileys, Evolution): its address, login, password sealed. */
    proxy: jsonb('proxy').$type<TStoredProxy>(),
    /** The chat flow new tickets of this connection enter (else the tenant's `botTicketActive`). */
    chatFlowId: integer('chat_flow_id').references((): AnyPgColumn => chatFlows.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('connections_tenant_idx').on(t.tenantId, t.id), uniqueIndex('connections_token_key').on(t.token)],
);

export const reasons = pgTable(
  'reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('reasons_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const fastReplies = pgTable(
  'fast_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('fast_replies_tenant_key').on(t.tenantId, sql`lower(${t.key})`)],
);

export const fastReplyQueues = pgTable(
  'fast_reply_queues',
  {
    tenantId: tenantRef(),
    fastReplyId: integer('fast_reply_id')
      .notNull()
      .references(() => fastReplies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fastReplyId, t.queueId] })],
);

/**
 * Farewell messages ("mensagens de fechamento") an agent picks when closing a ticket. `userId` null means
 * shared with the whole tenant; deleting the user deletes their private ones (they must not become shared).
 */
export const farewellMessages = pgTable(
  'farewell_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    ...timestamps,
  },
  (t) => [index('farewell_messages_tenant_user_idx').on(t.tenantId, t.userId)],
);

/** The tenant's key/value settings (values 'enabled' / 'disabled' or text, as the family stores them). */
export const settings = pgTable(
  'settings',
  {
    tenantId: tenantRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'pending', 'closed'] })
      .notNull()
      .default('pending'),
    channel: text('channel').notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    unreadMessages: integer('unread_messages').notNull().default(0),
    answered: boolean('answered').notNull().default(false),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    chatFlowId: integer('chat_flow_id'),
    stepChatFlow: text('step_chat_flow'),
    kanban: integer('kanban'),
    protocol: text('protocol'),
    reasonId: integer('reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    isActiveDemand: boolean('is_active_demand').notNull().default(false),
    isFarewellMessage: boolean('is_farewell_message').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    lastPauseAt: timestamp('last_pause_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    /** Seconds spent paused, summed over every pause. */
    totalPauseTime: integer('total_pause_time').notNull().default(0),
    startedAttendanceAt: timestamp('started_attendance_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Per-assistant status fields of the spec (difyStatus, chatgptStatus, ...), by assistant name. */
    assistantStatus: jsonb('assistant_status').$type<Record<string, string>>().notNull().default({}),
    /**
     * A closed ticket an outreach (campaign) message opened: the customer's replies until this time are kept
     * in it, closed, instead of opening a pending ticket (the tenant's `campaignRepliesOpenTickets` off).
     */
    quietUntil: timestamp('quiet_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The wall against duplicate tickets: one open-or-pending ticket per contact and connection.
    uniqueIndex('tickets_one_active_key')
      .on(t.tenantId, t.contactId, sql`coalesce(${t.whatsappId}, 0)`)
      .where(sql`${t.status} in ('open', 'pending')`),
    // The list's order (newest message first) within a tab, so a page is read from the index, and a tab's count.
    // NOTE: migration 0020 adds INCLUDE (user_id, queue_id, whatsapp_id, is_group, chat_flow_id, contact_id),
    // which drizzle cannot express, so the visibility rules are read from the index alone.
    index('tickets_tenant_status_order_idx').on(t.tenantId, t.status, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    index('tickets_tenant_last_idx').on(t.tenantId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    index('tickets_tenant_user_idx').on(t.tenantId, t.userId, t.status),
    index('tickets_tenant_queue_idx').on(t.tenantId, t.queueId, t.status),
    index('tickets_tenant_contact_idx').on(t.tenantId, t.contactId),
    uniqueIndex('tickets_tenant_protocol_key').on(t.tenantId, t.protocol),
    index('tickets_protocol_trgm_idx').using('gin', t.protocol.op('gin_trgm_ops')),
  ],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ticketId, t.tagId] })],
);

/**
 * A rating asked of a customer when an agent closed the ticket (`/ticketEvaluations`): pending until the reply,
 * then rated (score 0-5), dropped (attempts used up) or expired (nobody answered). One pending per ticket.
 */
export const ticketEvaluations = pgTable(
  'ticket_evaluations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The agent who closed the ticket (whose service is rated). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'rated', 'dropped', 'expired'] })
      .notNull()
      .default('pending'),
    closeMode: text('close_mode', { enum: ['rated', 'atOnce'] })
      .notNull()
      .default('rated'),
    evaluation: text('evaluation'),
    score: integer('score'),
    /** Invalid replies so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The last customer message handled, so a rerun of the same reply counts once. */
    lastMessageId: integer('last_message_id'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ticket_evaluations_one_pending_key').on(t.tenantId, t.ticketId).where(sql`${t.status} = 'pending'`),
    index('ticket_evaluations_ticket_idx').on(t.tenantId, t.ticketId, t.id),
    index('ticket_evaluations_contact_pending_idx').on(t.tenantId, t.contactId).where(sql`${t.status} = 'pending'`),
    index('ticket_evaluations_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_logs_ticket_idx').on(t.tenantId, t.ticketId, t.id)],
);

/** Internal notes on a ticket (the family's TicketNotes): staff only, never sent to the channel. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull(),
    idFront: text('id_front'),
    ...timestamps,
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.tenantId, t.ticketId, t.id),
    // The /notas list: newest first within the tenant, and by author.
    index('ticket_notes_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('ticket_notes_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt.desc()),
    index('ticket_notes_text_trgm_idx').using('gin', t.notes.op('gin_trgm_ops')),
  ],
);

/** The tenant's own template variables (/configuracoes/variaveis): `{{name}}` -> value, name unique per tenant. */
export const tenantVariables = pgTable(
  'tenant_variables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('tenant_variables_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * Absence messages sent out of business hours: one row per customer message that got one, so a ticket's
 * count (against `maxRetries`) survives restarts and a retried job never sends twice for one message.
 */
export const absenceSends = pgTable(
  'absence_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    inboundMessageId: integer('inbound_message_id').notNull(),
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('absence_sends_inbound_key').on(t.tenantId, t.inboundMessageId),
    index('absence_sends_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);

/** Legacy keyword auto-replies (/auto-resposta, domain 2.12): a reply, its steps, and each step's actions. */
export const autoReplies = pgTable(
  'auto_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    action: integer('action').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    celularTeste: text('celular_teste'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('auto_replies_tenant_idx').on(t.tenantId, t.isActive, t.id)],
);

export const autoReplySteps = pgTable(
  'auto_reply_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    autoReplyId: integer('auto_reply_id')
      .notNull()
      .references(() => autoReplies.id, { onDelete: 'cascade' }),
    reply: text('reply').notNull(),
    initialStep: boolean('initial_step').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('auto_reply_steps_reply_idx').on(t.tenantId, t.autoReplyId, t.id)],
);

export const autoReplyActions = pgTable(
  'auto_reply_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    stepReplyId: integer('step_reply_id')
      .notNull()
      .references(() => autoReplySteps.id, { onDelete: 'cascade' }),
    words: text('words').notNull(),
    /** 0 go to `nextStepId`, 1 move to `queueId`, 2 hand to `userIdDestination` (the family's numbers). */
    action: integer('action').notNull().default(0),
    nextStepId: integer('next_step_id').references(() => autoReplySteps.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userIdDestination: integer('user_id_destination').references(() => users.id, { onDelete: 'set null' }),
    replyDefinition: text('reply_definition'),
    ...timestamps,
  },
  (t) => [index('auto_reply_actions_step_idx').on(t.tenantId, t.stepReplyId, t.id)],
);

/** The step a ticket is on (the family's `tickets.autoReplyId`/`stepAutoReplyId`); no row: not started. */
export const autoReplyTicketSteps = pgTable(
  'auto_reply_ticket_steps',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    autoReplyId: integer('auto_reply_id')
      .notNull()
      .references(() => autoReplies.id, { onDelete: 'cascade' }),
    /** Null once the reply finished (a queue or user action): the ticket is not offered the steps again. */
    stepId: integer('step_id').references(() => autoReplySteps.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'auto_reply_ticket_steps_pk', columns: [t.tenantId, t.ticketId] })],
);

/** One row per customer message the auto-reply runner handled (the family's AutoReplyLogs): a retry is a no-op. */
export const autoReplyLogs = pgTable(
  'auto_reply_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    inboundMessageId: integer('inbound_message_id').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id'),
    autoReplyId: integer('auto_reply_id'),
    stepsReplyId: integer('steps_reply_id'),
    wordsReply: text('words_reply'),
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_reply_logs_inbound_key').on(t.tenantId, t.inboundMessageId),
    index('auto_reply_logs_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);

/** Chat flows (domain 2.11): the document is validated by `ZFlowDocument` and `validateFlow` before it is saved. */
export const chatFlows = pgTable(
  'chat_flows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    flow: jsonb('flow').$type<TFlowDocument>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    celularTeste: text('celular_teste'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Rises on every save; a save naming an older one is refused, so two editors never overwrite each other. */
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('chat_flows_tenant_idx').on(t.tenantId, t.isDeleted, t.id)],
);

/** Where a ticket is in its flow (mirrored in tickets.chat_flow_id / step_chat_flow for the family's clients). */
export const ticketFlowStates = pgTable(
  'ticket_flow_states',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    chatFlowId: integer('chat_flow_id')
      .notNull()
      .references(() => chatFlows.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    retries: integer('retries').notNull().default(0),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true }).notNull(),
    /** A customer message stored before this moment was not an answer to the current step. */
    stepEnteredAt: timestamp('step_entered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The rest of the step waits for a delay or a webhook until then: customer messages meanwhile are held. */
    continuationDueAt: timestamp('continuation_due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticket_flow_states_pk', columns: [t.tenantId, t.ticketId] }),
    index('ticket_flow_states_flow_idx').on(t.tenantId, t.chatFlowId),
  ],
);

/** One row per customer message the flow engine handled: a replayed delivery or a retried job is a no-op. */
export const chatFlowRuns = pgTable(
  'chat_flow_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    inboundMessageId: integer('inbound_message_id').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    chatFlowId: integer('chat_flow_id'),
    stepId: text('step_id'),
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_flow_runs_inbound_key').on(t.tenantId, t.inboundMessageId),
    index('chat_flow_runs_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);

/** An AI assistant of a tenant: one per model provider (settings screen /configuracoes/<provider>). */
export const assistants = pgTable(
  'assistants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    provider: text('provider').notNull(),
    /** TAssistantSettings without the key (contracts/assistants.ts). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    apiKeySealed: text('api_key_sealed'),
    apiKeyHint: text('api_key_hint'),
    lastError: jsonb('last_error').$type<{ at: string; message: string } | null>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('assistants_provider_key').on(t.tenantId, t.provider)],
);

/** A bot integration of a tenant (Typebot, Dify, Dialogflow, n8n, Vapi): one per provider. */
export const bots = pgTable(
  'bots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    provider: text('provider').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretSealed: text('secret_sealed'),
    lastError: jsonb('last_error').$type<{ at: string; message: string } | null>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('bots_provider_key').on(t.tenantId, t.provider)],
);

/** Where an assistant or bot is in a ticket's conversation: what it answered up to, and a bot's session. */
export const ticketAssistantStates = pgTable(
  'ticket_assistant_states',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The last customer message answered (context before the restart keyword is left out). */
    answeredUpTo: integer('answered_up_to').notNull().default(0),
    contextFrom: integer('context_from').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    session: jsonb('session').$type<Record<string, unknown> | null>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ticket_assistant_states_pk', columns: [t.tenantId, t.ticketId, t.provider] })],
);

/** One generation (or bot call) on a ticket: tokens, tool calls, how it ended. */
export const assistantRuns = pgTable(
  'assistant_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    purpose: text('purpose').notNull(),
    /** A reply run: the newest customer message it answered (one run per message, across instances). */
    upToMessageId: integer('up_to_message_id'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    toolCalls: jsonb('tool_calls').$type<{ name: string; input: unknown }[]>().notNull().default([]),
    outcome: text('outcome').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assistant_runs_reply_key')
      .on(t.tenantId, t.ticketId, t.upToMessageId)
      .where(sql`${t.purpose} = 'reply'`),
    index('assistant_runs_ticket_idx').on(t.tenantId, t.ticketId, t.id),
  ],
);

/** Tokens spent per tenant, provider and calendar month (the budget's meter). */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    tenantId: tenantRef(),
    provider: text('provider').notNull(),
    month: text('month').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'assistant_usage_pk', columns: [t.tenantId, t.provider, t.month] })],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The agent who sent it (outbound). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The channel's id of the message: inbound idempotency key, and what acks refer to. */
    messageId: text('message_id'),
    /** The client's id for optimistic display and outbound idempotency. */
    idFront: text('id_front'),
    fromMe: boolean('from_me').notNull().default(false),
    body: text('body').notNull().default(''),
    mediaType: text('media_type').notNull().default('chat'),
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    /** A voice note's text, written by the transcription of an assistant (shown under the audio). */
    transcript: text('transcript'),
    quotedMsgId: integer('quoted_msg_id'),
    /** pending -> sent -> delivered -> read, or failed (with failureReason); inbound messages are 'received'. */
    status: text('status', { enum: ['pending', 'sent', 'delivered', 'read', 'failed', 'received', 'scheduled'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    /** Outbound queue: until when a send in progress holds this message (its job holds when to try again). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    read: boolean('read').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    edition: text('edition'),
    reactions: jsonb('reactions').$type<{ emoji: string; fromMe: boolean; userId?: number }[]>().notNull().default([]),
    sendType: text('send_type').notNull().default('chat'),
    scheduleDate: timestamp('schedule_date', { withTimezone: true }),
    /** Milliseconds since the epoch, as the channel dated it. */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    dataJson: jsonb('data_json').$type<unknown>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_external_key')
      .on(t.tenantId, sql`coalesce(${t.whatsappId}, 0)`, t.messageId)
      .where(sql`${t.messageId} is not null`),
    uniqueIndex('messages_id_front_key').on(t.tenantId, t.idFront).where(sql`${t.idFront} is not null`),
    index('messages_ticket_idx').on(t.tenantId, t.ticketId, t.timestamp),
    index('messages_contact_idx').on(t.tenantId, t.contactId, t.timestamp),
    // Ticket search by message text (migration 0011, pg_trgm).
    index('messages_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
    index('messages_schedule_idx').on(t.status, t.scheduleDate).where(sql`${t.status} = 'scheduled'`),
    index('messages_tenant_schedule_idx').on(t.tenantId, t.scheduleDate).where(sql`${t.sendType} = 'schedule'`),
    // The monitor's "last answer": each agent's newest message, one index probe per agent (docs/reports.md).
    index('messages_user_answer_idx')
      .on(t.tenantId, t.userId, t.timestamp)
      .where(sql`${t.fromMe} and ${t.userId} is not null`),
  ],
);

/** Per tenant and day, the last protocol number handed out (protocols are `YYYYMMDD` + a 5-digit sequence). */
export const protocolCounters = pgTable(
  'protocol_counters',
  {
    tenantId: tenantRef(),
    day: text('day').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

/**
 * A Baileys (WhatsApp Web) connection's auth state: its credentials (type `creds`, id `creds`) and its Signal
 * keys (pre-keys, sessions, sender keys...), one row each, serialised with Baileys' BufferJSON. A restart, or
 * another instance, resumes the session from here without a new QR code; a logout deletes the rows.
 */
export const baileysAuth = pgTable(
  'baileys_auth',
  {
    tenantId: tenantRef(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    id: text('id').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.connectionId, t.type, t.id] })],
);

/**
 * Which server instance runs a stateful channel session (a WhatsApp Web socket): exactly one at a time. The
 * owner renews `heartbeat_at` every few seconds; a lease left stale by a dead instance is taken over.
 */
export const sessionLeases = pgTable(
  'session_leases',
  {
    tenantId: tenantRef(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.connectionId] })],
);

/** A scheduled message's options (migration 0019): one row per message scheduled, kept after it fires. */
export const messageSchedules = pgTable(
  'message_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Cancelled if the customer writes after it was scheduled and before it fires. */
    cancelOnReply: boolean('cancel_on_reply').notNull().default(false),
    /** When it fires on a closed ticket and the contact has no open one, a new ticket carries it. */
    openTicket: boolean('open_ticket').notNull().default(false),
    /** Signed with the scheduler's name when it fires. */
    sign: boolean('sign').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'agent' or 'customer_replied'. */
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_schedules_message_key').on(t.tenantId, t.messageId),
    index('message_schedules_reply_idx')
      .on(t.tenantId, t.messageId)
      .where(sql`${t.cancelOnReply} and ${t.cancelledAt} is null and ${t.firedAt} is null`),
  ],
);

/** Per connection: whether it sends birthday messages, and their text (with variables). */
export const birthdaySettings = pgTable(
  'birthday_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    message: text('message').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('birthday_settings_connection_key').on(t.tenantId, t.connectionId)],
);

/** One birthday message per contact and year: sent (queued), skipped (with the reason) or failed. */
export const birthdaySends = pgTable(
  'birthday_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['sent', 'skipped'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('birthday_sends_contact_year_key').on(t.tenantId, t.contactId, t.year),
    index('birthday_sends_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * A webhook delivery that could be filed under no conversation (an SMS event of an unknown shape that names no
 * number): kept with its raw body so an admin sees it among what the product gave up on (GET /jobs/failed).
 */
export const unmatchedWebhookEvents = pgTable(
  'unmatched_webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unmatched_webhook_events_tenant_received_idx').on(t.tenantId, t.receivedAt.desc())],
);

/** A campaign or a mass send (/massa/*): what goes, through which connection, when and how fast. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('campaign'),
    status: text('status', { enum: ['pending', 'scheduled', 'processing', 'paused', 'finished', 'canceled'] })
      .notNull()
      .default('pending'),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    messages: jsonb('messages').$type<string[]>().notNull().default([]),
    template: jsonb('template').$type<{
      name: string;
      language: string;
      headerParams: string[];
      bodyParams: string[];
    } | null>(),
    mediaUrl: text('media_url'),
    mediaType: text('media_type'),
    mediaName: text('media_name'),
    startAt: timestamp('start_at', { withTimezone: true }),
    delaySeconds: integer('delay_seconds').notNull().default(20),
    windowStart: text('window_start').notNull().default('08:00'),
    windowEnd: text('window_end').notNull().default('20:00'),
    dailyCap: integer('daily_cap'),
    pauseReason: text('pause_reason'),
    /** When the engine sends next (its tick job is due then). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('campaigns_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc())],
);

/** One contact of a campaign: its variables, its turn, and what became of its message. */
export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** CSV columns (textovariavel), by column name. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    state: text('state', { enum: ['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    variant: integer('variant'),
    body: text('body'),
    failureReason: text('failure_reason'),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_contacts_contact_key').on(t.campaignId, t.contactId),
    // The engine's next turn: the campaign's pending rows in order.
    index('campaign_contacts_state_idx').on(t.tenantId, t.campaignId, t.state, t.id),
    // Acks find their row by our message id.
    uniqueIndex('campaign_contacts_message_key').on(t.tenantId, t.messageId).where(sql`${t.messageId} is not null`),
    // Replies find the contact's latest send.
    index('campaign_contacts_contact_idx').on(t.tenantId, t.contactId, t.queuedAt),
  ],
);

/** Contacts who answered an opt-out word: every later campaign skips them. */
export const campaignOptOuts = pgTable(
  'campaign_opt_outs',
  {
    tenantId: tenantRef(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.contactId] })],
);

/** Bytes (PostgreSQL `bytea`): a Buffer either way (PGlite reads a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A large CSV imported into a campaign by a job (migration 0032): its file until the import ends, how far
 * the job got (`nextRow`, the parsed rows done, written with each chunk's rows) and what it did so far.
 */
export const campaignImports = pgTable(
  'campaign_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** The CSV's bytes; null once the import has ended. */
    file: bytea('file'),
    totalRows: integer('total_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    nextRow: integer('next_row').notNull().default(0),
    added: integer('added').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
    /** Why it failed (an error code), or null. */
    failure: text('failure'),
    /** A mass send's CSV (migration 0035): the last chunk starts the campaign, in its transaction. */
    startsCampaign: boolean('starts_campaign').notNull().default(false),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('campaign_imports_campaign_idx').on(t.tenantId, t.campaignId, t.id),
    // One import at a time per campaign.
    uniqueIndex('campaign_imports_active_key').on(t.campaignId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

// WhatsApp group tools (migration 0027): per tenant and connection, since a group lives on one number.
const groupScope = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: tenantRef(),
  connectionId: integer('connection_id')
    .notNull()
    .references(() => connections.id, { onDelete: 'cascade' }),
  /** The group's WhatsApp JID (`…@g.us`). */
  groupId: text('group_id').notNull(),
});

/** Numbers removed from the group as soon as they join. */
export const groupBanList = pgTable(
  'group_ban_list',
  { ...groupScope(), number: text('number').notNull(), ...timestamps },
  (t) => [uniqueIndex('group_ban_list_number_key').on(t.tenantId, t.connectionId, t.groupId, t.number)],
);

/** Banned words: a message with one is deleted for everyone, its sender warned or removed (`action`). */
export const groupWordList = pgTable(
  'group_word_list',
  {
    ...groupScope(),
    word: text('word').notNull(),
    action: text('action', { enum: ['warn', 'remove'] })
      .notNull()
      .default('warn'),
    ...timestamps,
  },
  (t) => [uniqueIndex('group_word_list_word_key').on(t.tenantId, t.connectionId, t.groupId, t.word)],
);

export const groupGreetings = pgTable(
  'group_greetings',
  { ...groupScope(), message: text('message').notNull(), ...timestamps },
  (t) => [uniqueIndex('group_greetings_group_key').on(t.tenantId, t.connectionId, t.groupId)],
);

export const groupFarewells = pgTable(
  'group_farewells',
  { ...groupScope(), message: text('message').notNull(), ...timestamps },
  (t) => [uniqueIndex('group_farewells_group_key').on(t.tenantId, t.connectionId, t.groupId)],
);

export const groupLinks = pgTable(
  'group_links',
  { ...groupScope(), name: text('name').notNull(), link: text('link').notNull(), ...timestamps },
  (t) => [uniqueIndex('group_links_link_key').on(t.tenantId, t.connectionId, t.groupId, t.link)],
);

/** The private farewell (migration 0033): sent to a member who leaves, in their own conversation. One per group. */
export const groupFarewellPrivates = pgTable(
  'group_farewell_privates',
  { ...groupScope(), message: text('message').notNull(), ...timestamps },
  (t) => [uniqueIndex('group_farewell_privates_group_key').on(t.tenantId, t.connectionId, t.groupId)],
);

/**
 * What the group tools did in a group (migration 0033), or could not do (`error`, a catalogue code): kept 90
 * days (docs/group-tools.md). `members`: whom it concerned (numbers, or JIDs without one); `messageId`: the
 * message a greeting, farewell or warning went out as (its delivery is read from it).
 */
export const groupToolLogs = pgTable(
  'group_tool_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    tool: text('tool', {
      enum: ['banList', 'wordList', 'greetingMessage', 'farewellMessage', 'groupFarewellPrivateMessage'],
    }).notNull(),
    action: text('action', {
      enum: ['bannedRemoved', 'wordWarned', 'wordRemoved', 'greetingSent', 'farewellSent', 'privateFarewellSent'],
    }).notNull(),
    members: jsonb('members').$type<string[]>().notNull().default([]),
    /** The banned word that matched. */
    detail: text('detail'),
    error: text('error'),
    /** No foreign key: deleting a ticket's messages must not scan the logs; a gone message reads as none. */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_tool_logs_group_idx').on(t.tenantId, t.connectionId, t.groupId, t.createdAt),
    index('group_tool_logs_tenant_time_idx').on(t.tenantId, t.createdAt),
  ],
);

// --- Insight (modules/insight, docs/reports.md): figures kept up to date by event listeners -----------------

/**
 * One row per ticket: its figures as recomputed from the raw tables (tickets, messages, logs, ratings) each time
 * the ticket changes. No foreign key: a deleted ticket's row is removed by the listener, which first takes its
 * contribution back out of `insight_hourly`.
 */
export const insightTicketFacts = pgTable(
  'insight_ticket_facts',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id').notNull(),
    status: text('status').notNull(),
    channel: text('channel').notNull(),
    connectionId: integer('connection_id'),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
    contactId: integer('contact_id').notNull(),
    reasonId: integer('reason_id'),
    isGroup: boolean('is_group').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When an agent took it (the ticket's `startedAttendanceAt`). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The first message a person of our side wrote after the ticket opened. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    waitSeconds: integer('wait_seconds'),
    firstResponseSeconds: integer('first_response_seconds'),
    /** The same, counting only the tenant's open hours (business hours). */
    firstResponseBusinessSeconds: integer('first_response_business_seconds'),
    resolutionSeconds: integer('resolution_seconds'),
    pauseSeconds: integer('pause_seconds').notNull().default(0),
    transfers: integer('transfers').notNull().default(0),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
    rating: integer('rating'),
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ticketId] }),
    // With the ticket id, a page of the tickets report is found in the index alone (reports.md).
    index('insight_ticket_facts_created_idx').on(t.tenantId, t.createdAt, t.ticketId),
    index('insight_ticket_facts_closed_idx').on(t.tenantId, t.closedAt),
  ],
);

/** A ticket's messages per hour (by the channel's date), so messages per hour sum from tickets' rows. */
export const insightTicketHours = pgTable(
  'insight_ticket_hours',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ticketId, t.hour] })],
);

/** What the hourly and daily sums add up (docs/reports.md): sums and counts, so averages are sum / count. */
const insightMeasures = () => ({
  ticketsCreated: integer('tickets_created').notNull().default(0),
  ticketsAccepted: integer('tickets_accepted').notNull().default(0),
  waitSeconds: bigint('wait_seconds', { mode: 'number' }).notNull().default(0),
  firstResponses: integer('first_responses').notNull().default(0),
  firstResponseSeconds: bigint('first_response_seconds', { mode: 'number' }).notNull().default(0),
  firstResponseBusinessSeconds: bigint('first_response_business_seconds', { mode: 'number' }).notNull().default(0),
  ticketsClosed: integer('tickets_closed').notNull().default(0),
  resolutionSeconds: bigint('resolution_seconds', { mode: 'number' }).notNull().default(0),
  pauseSeconds: bigint('pause_seconds', { mode: 'number' }).notNull().default(0),
  transfers: integer('transfers').notNull().default(0),
  ratings: integer('ratings').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  messagesIn: integer('messages_in').notNull().default(0),
  messagesOut: integer('messages_out').notNull().default(0),
});

/**
 * The tenant's figures per hour and per queue, agent, connection and channel (0 for none): the sum of every
 * ticket's contribution, each counted in the hour it happened (created, accepted, first response, closed).
 * Sums and counts, so any period, filter or grouping adds rows up; averages are sum / count.
 */
export const insightHourly = pgTable(
  'insight_hourly',
  {
    tenantId: tenantRef(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    connectionId: integer('connection_id').notNull().default(0),
    channel: text('channel').notNull(),
    ...insightMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.hour, t.queueId, t.userId, t.connectionId, t.channel] }),
    // The dashboard's weekday x hour chart of a long period reads only the hours tickets were created in.
    index('insight_hourly_created_idx')
      .on(t.tenantId, t.hour, t.queueId, t.connectionId, t.ticketsCreated)
      .where(sql`${t.ticketsCreated} <> 0`),
  ],
);

/**
 * The hourly sums added up per day of the tenant's zone (the zone `insight_daily_zones` names), kept by the same
 * writes: the dashboard reads a long period here, about 5x fewer rows and no time-zone arithmetic.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    tenantId: tenantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    connectionId: integer('connection_id').notNull().default(0),
    channel: text('channel').notNull(),
    ...insightMeasures(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.queueId, t.userId, t.connectionId, t.channel] })],
);

/**
 * The time zone a tenant's daily sums are in. Writes keep using it; once the tenant's zone differs (it was
 * changed), the dashboard reads hourly rows until the daily sums are summed again in the new zone.
 */
export const insightDailyZones = pgTable('insight_daily_zones', {
  tenantId: tenantRef().primaryKey(),
  timezone: text('timezone').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each agent was online (from `user.presence`): online time per day in the agents' report. */
export const insightUserSessions = pgTable(
  'insight_user_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    userId: integer('user_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('insight_user_sessions_user_idx').on(t.tenantId, t.userId, t.startedAt),
    uniqueIndex('insight_user_sessions_open_key').on(t.tenantId, t.userId).where(sql`${t.endedAt} is null`),
  ],
);

/** A report export (CSV, XLSX or PDF) made by a job: progress while it runs, then the file to download. */
export const reportExports = pgTable(
  'report_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    format: text('format', { enum: ['csv', 'xlsx', 'pdf'] }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** 0-100 while running. */
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count'),
    fileName: text('file_name'),
    /** Where the file is kept (platform/storage). */
    storageKey: text('storage_key'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('report_exports_user_idx').on(t.tenantId, t.userId, t.createdAt.desc())],
);

/** Tickets whose figures are due for a recompute (marked in the transaction that changed them, drained in batches). */
export const insightDirtyTickets = pgTable(
  'insight_dirty_tickets',
  {
    tenantId: tenantRef(),
    ticketId: integer('ticket_id').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ticketId] })],
);
