import { z } from 'zod';
import { ZId, ZIdArray, ZPageNumber, ZRowId } from './common.js';

/**
 * Campaigns and mass sends (issue "Outreach"): one sending engine. A mass send (/massa/*) is a one-off
 * campaign of its own kind, started at once, with the same pacing, window, progress and report.
 */
export const campaignKinds = [
  'campaign',
  'texto',
  'textovariavel',
  'sms',
  'template',
  'template-variavel',
  // WhatsApp groups (/grupo/massagrupos, massagrupos2, massausuarios): to groups, to groups mentioning every
  // member, to the members of groups one by one.
  'grupos',
  'grupos-mencao',
  'participantes',
] as const;
export const ZCampaignKind = z.enum(campaignKinds);
export type TCampaignKind = z.infer<typeof ZCampaignKind>;

/** Kinds that send an approved template (WhatsApp Cloud API) rather than free text. */
export const templateCampaignKinds: readonly TCampaignKind[] = ['template', 'template-variavel'];
/** Kinds whose recipients are groups (the engine sends to a group contact only for these). */
export const groupCampaignKinds: readonly TCampaignKind[] = ['grupos', 'grupos-mencao'];

/** pending -> scheduled -> processing <-> paused -> finished; canceled from any state before finished. */
export const campaignStatuses = ['pending', 'scheduled', 'processing', 'paused', 'finished', 'canceled'] as const;
export const ZCampaignStatus = z.enum(campaignStatuses);
export type TCampaignStatus = z.infer<typeof ZCampaignStatus>;

/**
 * One contact's send: waiting its turn (pending), handed to the outbound queue (queued), then what the
 * channel reported; skipped when the engine would not send (opted out, no address on the channel).
 */
export const campaignContactStates = ['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export const ZCampaignContactState = z.enum(campaignContactStates);
export type TCampaignContactState = z.infer<typeof ZCampaignContactState>;

/** The longest text of one message variant. */
export const CAMPAIGN_TEXT_MAX = 4096;
/** Contacts one campaign may hold. */
export const CAMPAIGN_CONTACTS_MAX = 200_000;
/** A reply counts for the campaign (and, with replies kept quiet, stays in its closed ticket) within this. */
export const CAMPAIGN_REPLY_WINDOW_HOURS = 72;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'deve estar no formato HH:MM');

/** An approved template and how its placeholders are filled (each may use {{variables}} of the contact). */
export const ZCampaignTemplate = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  headerParams: z.array(z.string().max(1024)).max(10).default([]),
  bodyParams: z.array(z.string().max(1024)).max(30).default([]),
});
export type TCampaignTemplate = z.infer<typeof ZCampaignTemplate>;

/** Who receives it: the union of every list given, each contact once. */
export const ZCampaignAudience = z.object({
  tagIds: ZIdArray().default([]),
  walletUserIds: ZIdArray().default([]),
  kanbanIds: ZIdArray().default([]),
  contactIds: ZIdArray(5000).default([]),
});
export type TCampaignAudience = z.infer<typeof ZCampaignAudience>;

const ZMessages = z
  .array(z.string().trim().max(CAMPAIGN_TEXT_MAX, `deve ter no máximo ${CAMPAIGN_TEXT_MAX} caracteres`))
  .max(3, 'aceita no máximo 3 mensagens')
  .transform((texts) => texts.filter((text) => text.length > 0));

const campaignFields = {
  name: z.string().trim().min(1, 'é obrigatório').max(120),
  connectionId: ZRowId,
  /** One to three variants; one is picked at random per contact. Empty for template kinds. */
  messages: ZMessages.default([]),
  template: ZCampaignTemplate.nullable().default(null),
  /** When sends may begin (ISO); null: as soon as it is started. */
  startAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Seconds between two sends, randomised ±50 %. */
  delaySeconds: z.number().int().min(0).max(3600).default(20),
  /** The daily window in the tenant's time zone; sends outside it wait for the next opening. */
  windowStart: hhmm.default('08:00'),
  windowEnd: hhmm.default('20:00'),
  /** At most this many sends per day (tenant's zone); null: no cap. */
  dailyCap: z.number().int().min(1).max(1_000_000).nullable().default(null),
};

const needsContent = (value: { kind: TCampaignKind; messages: string[]; template: TCampaignTemplate | null }) =>
  templateCampaignKinds.includes(value.kind) ? value.template !== null : value.messages.length > 0;

export const ZCampaignInput = z
  .object({ kind: ZCampaignKind.default('campaign'), ...campaignFields })
  .refine((value) => value.windowStart < value.windowEnd, {
    path: ['windowEnd'],
    message: 'deve ser depois do início da janela',
  })
  .refine(needsContent, { path: ['messages'], message: 'informe ao menos uma mensagem (ou o template)' });
export type TCampaignInput = z.input<typeof ZCampaignInput>;

/**
 * PUT /campaigns/:id: the same fields; the kind does not change. Without their defaults: a field left out
 * keeps the stored value instead of going back to the default.
 */
export const ZCampaignUpdate = z
  .object({
    name: campaignFields.name,
    connectionId: campaignFields.connectionId,
    messages: campaignFields.messages.unwrap(),
    template: campaignFields.template.unwrap(),
    startAt: campaignFields.startAt.unwrap(),
    delaySeconds: campaignFields.delaySeconds.unwrap(),
    windowStart: hhmm,
    windowEnd: hhmm,
    dailyCap: campaignFields.dailyCap.unwrap(),
  })
  .partial()
  .refine((value) => !value.windowStart || !value.windowEnd || value.windowStart < value.windowEnd, {
    path: ['windowEnd'],
    message: 'deve ser depois do início da janela',
  });
export type TCampaignUpdate = z.input<typeof ZCampaignUpdate>;

export const ZCampaignCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  replied: z.number().int(),
});
export type TCampaignCounts = z.infer<typeof ZCampaignCounts>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ZCampaignKind,
  status: ZCampaignStatus,
  connection: ZRef.extend({ type: z.string() }).nullable(),
  messages: z.array(z.string()),
  template: ZCampaignTemplate.nullable(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  mediaName: z.string().nullable(),
  startAt: z.string().nullable(),
  delaySeconds: z.number().int(),
  windowStart: z.string(),
  windowEnd: z.string(),
  dailyCap: z.number().int().nullable(),
  /** Why the engine paused it (a Meta rate-limit or quality error, the connection down), or null. */
  pauseReason: z.string().nullable(),
  /** When the next send is due (scheduled, processing), or null. */
  nextSendAt: z.string().nullable(),
  counts: ZCampaignCounts,
  createdBy: ZRef.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListQuery = z.object({
  status: ZCampaignStatus.optional(),
  kind: ZCampaignKind.optional(),
  search: z.string().trim().max(120).optional(),
  page: ZPageNumber.default(1),
});
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign), count: z.number().int(), hasMore: z.boolean() });
export type TCampaignList = z.infer<typeof ZCampaignList>;

export const ZCampaignContact = z.object({
  id: z.number().int(),
  contact: ZRef.extend({ number: z.string().nullable() }),
  state: ZCampaignContactState,
  /** Which message variant went (1-3), once queued. */
  variant: z.number().int().nullable(),
  body: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  failureReason: z.string().nullable(),
  messageId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  queuedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type TCampaignContact = z.infer<typeof ZCampaignContact>;

export const ZCampaignContactQuery = z.object({
  state: ZCampaignContactState.optional(),
  replied: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(120).optional(),
  page: ZPageNumber.default(1),
});
export const ZCampaignContactList = z.object({
  contacts: z.array(ZCampaignContact),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type TCampaignContactList = z.infer<typeof ZCampaignContactList>;

/** What adding an audience or a CSV did: rows added, already there, and the rows refused with why. */
export const ZCampaignImportReport = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type TCampaignImportReport = z.infer<typeof ZCampaignImportReport>;

/**
 * POST /campaigns/:id/csv: a file of up to this many data rows is imported inside the request (200, the
 * report); a larger one is stored and imported by a job (202, the import's state), its progress pushed live.
 */
export const CAMPAIGN_CSV_INLINE_ROWS = 2000;

export const campaignImportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const ZCampaignImportStatus = z.enum(campaignImportStatuses);
export type TCampaignImportStatus = z.infer<typeof ZCampaignImportStatus>;

/** A CSV import run by a job: how far it got and, as the report, what it did so far. */
export const ZCampaignImport = ZCampaignImportReport.extend({
  id: z.number().int(),
  campaignId: z.number().int(),
  status: ZCampaignImportStatus,
  /** The file's data rows (blank lines left out) and how many of them are done. */
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  /** Why it stopped (an error code of the catalogue) when it failed, or null. */
  failure: z.string().nullable(),
  /** A mass send's CSV: its campaign starts once the import is done (and stays pending if it fails). */
  startsCampaign: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TCampaignImport = z.infer<typeof ZCampaignImport>;

/** GET /campaigns/:id/imports/latest: the campaign's latest CSV import run by a job, or null. */
export const ZCampaignLatestImport = z.object({ import: ZCampaignImport.nullable() });
export type TCampaignLatestImport = z.infer<typeof ZCampaignLatestImport>;

/** GET /campaigns/:id/timeline: per hour, what happened to the campaign's sends. */
export const ZCampaignTimeline = z.object({
  points: z.array(
    z.object({
      at: z.string(),
      sent: z.number().int(),
      delivered: z.number().int(),
      read: z.number().int(),
      failed: z.number().int(),
      replied: z.number().int(),
    }),
  ),
});
export type TCampaignTimeline = z.infer<typeof ZCampaignTimeline>;

/** The status each action moves a campaign to, and the statuses it may start from. */
export const campaignTransitions = {
  start: ['pending'],
  pause: ['scheduled', 'processing'],
  resume: ['paused'],
  cancel: ['pending', 'scheduled', 'processing', 'paused'],
} as const satisfies Record<string, readonly TCampaignStatus[]>;
export type TCampaignAction = keyof typeof campaignTransitions;

/** Opt-out words: a contact answering one of them alone is left out of every later campaign. */
export const parseOptOutWords = (setting: string): string[] =>
  setting
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

/** DELETE /campaigns/contacts/:id/:contactId: the campaign and the contact (not the campaign's row id). */
export const ZCampaignContactParams = z.object({ id: ZId, contactId: ZId });

/**
 * Mass sends (/bulk*): a one-off campaign of its own kind, created and started at once. The name is optional
 * (the server names it after the kind and the time); the CSV variants post these fields as JSON in a `data`
 * field of a multipart form, beside the CSV in `file`.
 */
const bulkFields = { ...campaignFields, name: campaignFields.name.optional() };
const windowInOrder = (value: { windowStart: string; windowEnd: string }) => value.windowStart < value.windowEnd;
const windowRule = { path: ['windowEnd'], message: 'deve ser depois do início da janela' };
const textRule = { path: ['messages'], message: 'informe ao menos uma mensagem' };

const ZBulkTextFields = z.object({ ...bulkFields, template: z.null().default(null) });
const ZBulkTemplateFields = z.object({
  ...bulkFields,
  messages: z.array(z.string()).max(0).default([]),
  template: ZCampaignTemplate,
});

/** POST /bulk (texto) and /bulkSms (sms): text to an audience. */
export const ZBulkTextInput = ZBulkTextFields.extend({ audience: ZCampaignAudience })
  .refine(windowInOrder, windowRule)
  .refine((value) => value.messages.length > 0, textRule);
export type TBulkTextInput = z.input<typeof ZBulkTextInput>;
/** POST /bulkTemplate: an approved template to an audience. */
export const ZBulkTemplateInput = ZBulkTemplateFields.extend({ audience: ZCampaignAudience }).refine(
  windowInOrder,
  windowRule,
);
export type TBulkTemplateInput = z.input<typeof ZBulkTemplateInput>;
/** POST /bulkVariable (`data` field): text with {{column}} variables, the audience being the CSV's rows. */
export const ZBulkVariableInput = ZBulkTextFields.refine(windowInOrder, windowRule).refine(
  (value) => value.messages.length > 0,
  textRule,
);
export type TBulkVariableInput = z.input<typeof ZBulkVariableInput>;
/** POST /bulkTemplateVariable (`data` field): a template whose parameters use the CSV's columns. */
export const ZBulkTemplateVariableInput = ZBulkTemplateFields.refine(windowInOrder, windowRule);
export type TBulkTemplateVariableInput = z.input<typeof ZBulkTemplateVariableInput>;

/**
 * What a mass send answers: the campaign as started and what adding its audience did. A CSV of more than
 * CAMPAIGN_CSV_INLINE_ROWS data rows (the variable kinds) is imported by a job instead (202): `import` is its
 * state, the report is empty, and the campaign stays pending until the import is done, then starts by itself.
 */
export const ZBulkResult = z.object({
  campaign: ZCampaign,
  report: ZCampaignImportReport,
  import: ZCampaignImport.optional(),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;

/** A WhatsApp group as the web picked it from POST /listGroup: its JID and its name. */
const ZPickedGroup = z.object({
  groupId: z
    .string()
    .trim()
    .regex(/^[\d-]{5,40}@g\.us$/, 'deve ser o identificador de um grupo do WhatsApp (…@g.us)'),
  subject: z.string().trim().max(100).default(''),
});

/**
 * POST /bulkGroups (massagrupos, massagrupos2): text (and, multipart, a file) to each chosen group of one
 * connection; `mentionAll` mentions every member (the family's second form). Multipart: these fields as JSON
 * in `data`, the optional file in `file`.
 */
export const ZBulkGroupsInput = ZBulkTextFields.extend({
  groups: z.array(ZPickedGroup).min(1, 'escolha ao menos um grupo').max(100),
  mentionAll: z.boolean().default(false),
})
  .refine(windowInOrder, windowRule)
  .refine((value) => value.messages.length > 0, textRule);
export type TBulkGroupsInput = z.input<typeof ZBulkGroupsInput>;

/**
 * POST /bulkGroupParticipants (massausuarios): text to the members of the chosen groups, one by one and paced,
 * leaving out the groups' admins (unless `includeAdmins`) and the tenant's own numbers.
 */
export const ZBulkParticipantsInput = ZBulkTextFields.extend({
  groups: z.array(ZPickedGroup).min(1, 'escolha ao menos um grupo').max(100),
  includeAdmins: z.boolean().default(false),
})
  .refine(windowInOrder, windowRule)
  .refine((value) => value.messages.length > 0, textRule);
export type TBulkParticipantsInput = z.input<typeof ZBulkParticipantsInput>;
