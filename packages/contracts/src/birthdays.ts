import { z } from 'zod';
import { ZRowId } from './common.js';
import { ZMessageStatus } from './messages.js';

/**
 * A contact's birthday as the family stores it: `DD/MM`, `DD/MM/YYYY` or an ISO date (`YYYY-MM-DD`).
 * Null when the text is empty or not a real day of the year.
 */
export const parseBirthday = (text: string | null | undefined): { day: number; month: number } | null => {
  const value = (text ?? '').trim();
  const br = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = Number(iso ? iso[3] : br?.[1]);
  const month = Number(iso ? iso[2] : br?.[2]);
  if (!(iso || br) || month < 1 || month > 12 || day < 1) return null;
  // 2000 is a leap year: 29/02 is a real birthday.
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return null;
  return { day, month };
};

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Whether a birthday falls on a calendar day. Born on 29 February: celebrated on 28 February in years
 * without a 29th (so the message is neither skipped for three years nor sent in March).
 */
export const isBirthdayOn = (
  birthday: { day: number; month: number },
  date: { year: number; month: number; day: number },
): boolean => {
  if (birthday.month === 2 && birthday.day === 29 && !isLeap(date.year)) return date.month === 2 && date.day === 28;
  return birthday.month === date.month && birthday.day === date.day;
};

/** Per connection: whether it sends birthday messages and their text (variables allowed). */
export const ZBirthdaySetting = z.object({
  connectionId: z.number().int(),
  connectionName: z.string(),
  enabled: z.boolean(),
  message: z.string(),
});
export type TBirthdaySetting = z.infer<typeof ZBirthdaySetting>;

/** PUT /birthdays/settings: the connections given are changed, the others kept. */
export const ZBirthdaySettingsUpdate = z.object({
  settings: z
    .array(z.object({ connectionId: ZRowId, enabled: z.boolean(), message: z.string().trim().max(4_096) }))
    .max(200),
});

export const ZBirthdaySendStatus = z.enum(['sent', 'skipped']);

/** One contact of GET /birthdays: their birthday and this year's send, if any. */
export const ZBirthdayContact = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  birthday: z.string(),
  day: z.number().int(),
  month: z.number().int(),
  isToday: z.boolean(),
  send: z
    .object({
      status: ZBirthdaySendStatus,
      /** Why it was skipped: 'no_connection', 'no_address'. */
      reason: z.string().nullable(),
      connectionName: z.string().nullable(),
      /** The message's own state (pending while queued, sent, delivered, read, failed). */
      messageStatus: ZMessageStatus.nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type TBirthdayContact = z.infer<typeof ZBirthdayContact>;

export const ZBirthdayList = z.object({
  /** Today in the tenant's zone (YYYY-MM-DD). */
  today: z.string(),
  month: z.number().int(),
  contacts: z.array(ZBirthdayContact),
});
export type TBirthdayList = z.infer<typeof ZBirthdayList>;

/** POST /messages/sendBirthday: what this run did (contacts already done this year are left alone). */
export const ZBirthdayRun = z.object({ sent: z.number().int(), skipped: z.number().int(), already: z.number().int() });
export type TBirthdayRun = z.infer<typeof ZBirthdayRun>;
