import { z } from 'zod';
import { ZId, ZPageNumber } from './common.js';
import { ZMessageStatus } from './messages.js';

/** What the /agendamentos screen calls a schedule's state (derived from its message and its options row). */
export const scheduleStatuses = ['pending', 'sent', 'cancelled', 'failed'] as const;
export const ZScheduleStatus = z.enum(scheduleStatuses);
export type TScheduleStatus = z.infer<typeof ZScheduleStatus>;

/** The options stored with each schedule (domain §6.3). */
export const ZScheduleOptions = z.object({
  /** Cancelled if the customer writes after it was scheduled and before it fires. */
  cancelOnReply: z.boolean().default(false),
  /** Fired on a closed ticket of a contact with no open one: a new ticket carries it. */
  openTicket: z.boolean().default(false),
  /** Signed with the scheduler's name when it fires. */
  sign: z.boolean().default(false),
});
export type TScheduleOptions = z.infer<typeof ZScheduleOptions>;

/** Multipart and form fields arrive as text: 'true' / 'false' / '1' / '0'. */
const ZFlag = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'true' || value === '1' : value),
  z.boolean(),
);
export const ZScheduleOptionFields = z.object({
  cancelOnReply: ZFlag.optional(),
  openTicket: ZFlag.optional(),
  sign: ZFlag.optional(),
});

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** One row of GET /messagesSchedule. */
export const ZSchedule = z.object({
  /** The message's id (the schedule is a message waiting for its time). */
  id: z.number().int(),
  ticketId: z.number().int(),
  body: z.string(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  scheduleDate: z.string(),
  status: ZScheduleStatus,
  messageStatus: ZMessageStatus,
  failureReason: z.string().nullable(),
  /** 'agent' or 'customer_replied'. */
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  firedAt: z.string().nullable(),
  contact: ZRef.extend({ number: z.string().nullable() }),
  connection: ZRef.nullable(),
  createdBy: ZRef.nullable(),
  options: ZScheduleOptions,
  createdAt: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleList = z.object({ schedules: z.array(ZSchedule), count: z.number().int(), hasMore: z.boolean() });
export type TScheduleList = z.infer<typeof ZScheduleList>;

/** GET /messagesSchedule filters: period of the scheduled time, state, contact, connection, creator. */
export const ZScheduleFilters = z.object({
  page: ZPageNumber,
  status: ZScheduleStatus.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  contactId: ZId.optional(),
  whatsappId: ZId.optional(),
  userId: ZId.optional(),
});
export type TScheduleFilters = z.infer<typeof ZScheduleFilters>;

/** PUT /messagesSchedule/:messageId: a pending schedule's text, time and options. */
export const ZScheduleUpdate = z.object({
  body: z.string().trim().min(1).max(65_536).optional(),
  scheduleDate: z.iso.datetime({ offset: true }).optional(),
  cancelOnReply: z.boolean().optional(),
  openTicket: z.boolean().optional(),
  sign: z.boolean().optional(),
});
export type TScheduleUpdate = z.infer<typeof ZScheduleUpdate>;
