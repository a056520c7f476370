import { z } from 'zod';
import { ZCount, ZDateQuery, ZIdArray, ZIdListQuery, ZPageNumber, ZRowId } from './common.js';

export const ticketStatuses = ['open', 'pending', 'closed'] as const;
export const ZTicketStatus = z.enum(ticketStatuses);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

/** The assistants whose per-ticket status the spec lists (§3 Ticket): `<name>Status` fields. */
export const assistantNames = [
  'dify',
  'lm',
  'gemini',
  'deepseek',
  'qwen',
  'claude',
  'grok',
  'ollama',
  'n8n',
  'typebot',
  'dialogflow',
  'chatgpt',
] as const;
export type TAssistantStatusField = `${(typeof assistantNames)[number]}Status`;
export const assistantStatusFields = assistantNames.map((name) => `${name}Status` as TAssistantStatusField);

const ZAssistantStatuses = z.object(
  Object.fromEntries(assistantStatusFields.map((field) => [field, z.string().max(40).nullable()])) as Record<
    TAssistantStatusField,
    z.ZodNullable<z.ZodString>
  >,
);

export const ZTicketContact = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  email: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  wallets: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.object({ id: z.number().int(), tag: z.string(), color: z.string() })),
});

/** A ticket as the API and the realtime events carry it (§3 Ticket). */
export const ZTicket = z
  .object({
    id: z.number().int(),
    status: ZTicketStatus,
    userId: z.number().int().nullable(),
    queueId: z.number().int().nullable(),
    whatsappId: z.number().int().nullable(),
    contactId: z.number().int(),
    contact: ZTicketContact,
    /** Contact name, agent name and picture, flattened as the family's list expects. */
    name: z.string(),
    username: z.string().nullable(),
    profilePicUrl: z.string().nullable(),
    isGroup: z.boolean(),
    kanban: z.number().int().nullable(),
    tags: z.array(z.object({ id: z.number().int(), tag: z.string(), color: z.string() })),
    chatFlowId: z.number().int().nullable(),
    unreadMessages: z.number().int(),
    answered: z.boolean(),
    lastMessage: z.string().nullable(),
    lastMessageAt: z.string().nullable(),
    updatedAt: z.string(),
    createdAt: z.string(),
    channel: z.string(),
    protocol: z.string().nullable(),
    queue: z.object({ id: z.number().int(), queue: z.string(), color: z.string() }).nullable(),
    isPaused: z.boolean(),
    totalPauseTime: z.number().int(),
    reasonId: z.number().int().nullable(),
    closedAt: z.string().nullable(),
    isActiveDemand: z.boolean(),
    scheduledMessages: z.number().int(),
  })
  .extend(ZAssistantStatuses.shape);
export type TTicket = z.infer<typeof ZTicket>;

const ZIdList = ZIdListQuery();
const ZBoolQuery = z.preprocess(
  (value) => (value === undefined ? undefined : value === true || value === 'true'),
  z.boolean().optional(),
);

/** GET /tickets query: the attendance filter of §3 (arrays as `status[]=open&status[]=pending` or `status=open,pending`). */
export const ZTicketListQuery = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: ZPageNumber,
  status: z.preprocess(
    (value) =>
      value === undefined ? undefined : Array.isArray(value) ? value : String(value).split(',').filter(Boolean),
    z.array(ZTicketStatus).optional(),
  ),
  showAll: ZBoolQuery,
  queuesIds: ZIdList,
  whatsappIds: ZIdList,
  selectedUser: ZIdList,
  tags: ZIdList,
  withUnreadMessages: ZBoolQuery,
  isNotAssignedUser: ZBoolQuery,
  includeNotQueueDefined: ZBoolQuery,
  date: ZDateQuery.optional(),
});
export type TTicketListQuery = z.infer<typeof ZTicketListQuery>;

/** `count`: the tickets the filter matches, counted up to 10,000 (a longer list says 10,000; `hasMore` is exact). */
export const ZTicketList = z.object({
  tickets: z.array(ZTicket),
  count: z.number().int(),
  hasMore: z.boolean(),
  /** The order the server listed by (the user's or tenant's `listByLastMessage`), so a live list keeps it. */
  orderedBy: z.enum(['lastMessage', 'created']),
});
export type TTicketList = z.infer<typeof ZTicketList>;

export const ZTicketCreate = z.object({
  contactId: ZRowId,
  status: ZTicketStatus.default('open'),
  userId: ZRowId.nullable().optional(),
  queueId: ZRowId.nullable().optional(),
  /** The connection; the family also calls it channelId. */
  whatsappId: ZRowId.nullable().optional(),
  channelId: ZRowId.nullable().optional(),
  channel: z.string().max(40).optional(),
  isActiveDemand: z.boolean().default(true),
});

export const ZTicketUpdate = z
  .object({
    status: ZTicketStatus.optional(),
    userId: ZRowId.nullable().optional(),
    queueId: ZRowId.nullable().optional(),
    isTransference: z.boolean().optional(),
    unreadMessages: ZCount.optional(),
    reasonId: ZRowId.nullable().optional(),
    tags: ZIdArray().optional(),
    kanban: ZCount.nullable().optional(),
  })
  .extend(ZAssistantStatuses.partial().shape);
export type TTicketUpdate = z.infer<typeof ZTicketUpdate>;

export const ZTicketLog = z.object({
  id: z.number().int(),
  type: z.string(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queueId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** A row of the `/protocolos` screen (GET /ticketProtocols). */
export const ZProtocol = z.object({
  protocol: z.string(),
  ticketId: z.number().int(),
  status: z.string(),
  contactId: z.number().int(),
  contactName: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TProtocol = z.infer<typeof ZProtocol>;
export const ZProtocolList = z.object({ protocols: z.array(ZProtocol), count: z.number().int(), hasMore: z.boolean() });
