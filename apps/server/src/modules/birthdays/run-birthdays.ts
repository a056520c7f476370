import { isBirthdayOn, messagePreview, parseBirthday, type TBirthdayRun } from '@prosa/contracts';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { toMessageDto } from '../messages/message-dto.js';
import { publishMessageEvent } from '../messages/message-events.js';
import { insertMessage } from '../messages/messages.service.js';
import { nextProtocol } from '../protocols/protocols.service.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { insertTicket, updateTicketRow } from '../tickets/tickets.service.js';
import { fillTicketText } from '../variables/variables.service.js';
import {
  claimBirthdaySend,
  findBirthdaySettings,
  findContactsWithBirthday,
  findLatestTicketOn,
  findTenantZone,
  setBirthdaySendMessage,
} from './birthdays.repository.js';

export const DEFAULT_BIRTHDAY_MESSAGE = '{{greeting}}, {{name}}! Feliz aniversário! 🎉';

export type TBirthdayDeps = Pick<TServices, 'db' | 'events' | 'outbound'> & {
  /** Random pause between two sends of a run, in ms; 0 and 0 send them all at once (tests). */
  pace: { minMs: number; maxMs: number };
  random?: () => number;
  now?: () => Date;
};

/** The calendar day in `timeZone` at `at`. */
export const dayIn = (timeZone: string, at: Date) => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .split('-')
    .map(Number);
  return { year: year as number, month: month as number, day: day as number };
};

type TContact = Awaited<ReturnType<typeof findContactsWithBirthday>>[number];
type TSetting = Awaited<ReturnType<typeof findBirthdaySettings>>[number];

/**
 * The connection a contact's birthday goes out through: that of their latest ticket among the connections
 * sending birthdays, else the default connection if it sends them, else the first that does.
 */
const connectionFor = async (tx: TTx, tenantId: number, contactId: number, enabled: TSetting[]) => {
  const ids = enabled.map((setting) => setting.connectionId);
  const ticket = await findLatestTicketOn(tx, tenantId, contactId, ids);
  const setting =
    enabled.find((item) => item.connectionId === ticket?.whatsappId) ??
    enabled.find((item) => item.isDefault) ??
    enabled[0];
  return { setting, ticket: ticket?.whatsappId === setting?.connectionId ? ticket : undefined };
};

/** A ticket to carry the message: the contact's on that connection, or a new closed one (no agent's queue grows). */
const ticketFor = async (tx: TTx, tenantId: number, contactId: number, connectionId: number, at: Date) => {
  const created = await insertTicket(tx, tenantId, {
    contactId,
    whatsappId: connectionId,
    status: 'closed',
    closedAt: at,
    isActiveDemand: true,
    lastMessageAt: at,
    protocol: await nextProtocol(tx, tenantId, at),
  });
  return created;
};

/** One contact's birthday: claimed for the year, then queued (or recorded as skipped, with the reason). */
const sendOne = async (
  deps: TBirthdayDeps,
  tenantId: number,
  contact: TContact,
  context: { year: number; enabled: TSetting[]; timeZone: string; now: Date; startAfter: Date | undefined },
): Promise<'sent' | 'skipped' | 'already'> =>
  withTenant(deps.db, tenantId, async (tx) => {
    const { setting, ticket: latest } = await connectionFor(tx, tenantId, contact.id, context.enabled);
    const send = await claimBirthdaySend(tx, tenantId, {
      contactId: contact.id,
      year: context.year,
      connectionId: setting?.connectionId ?? null,
      status: setting ? 'sent' : 'skipped',
      reason: setting ? null : 'no_connection',
    });
    if (!send) return 'already';
    if (!setting) return 'skipped';
    const ticket = latest ?? (await ticketFor(tx, tenantId, contact.id, setting.connectionId, context.now));
    if (!ticket) return 'skipped';
    const body = await fillTicketText(tx, tenantId, ticket.id, setting.message.trim() || DEFAULT_BIRTHDAY_MESSAGE, {
      at: context.now,
      extra: { name: contact.name, firstName: contact.name.split(' ')[0] ?? '' },
    });
    const row = await insertMessage(tx, tenantId, {
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: setting.connectionId,
      userId: null,
      fromMe: true,
      read: true,
      body,
      status: 'pending',
      sendType: 'birthday',
      timestamp: context.now.getTime(),
    });
    if (!row) return 'skipped';
    await setBirthdaySendMessage(tx, tenantId, send.id, row.id);
    await deps.outbound.enqueue(tx, row, context.startAfter ? { startAfter: context.startAfter } : {});
    if (ticket.status !== 'closed')
      await updateTicketRow(tx, tenantId, ticket.id, {
        lastMessage: messagePreview(body, 'chat'),
        lastMessageAt: context.now,
      });
    const dto = await loadTicketDto(tx, tenantId, ticket.id);
    await publishMessageEvent(deps, tx, tenantId, 'message.sent', dto, toMessageDto(row));
    return 'sent';
  });

/**
 * Sends today's birthday messages of a tenant (today in its zone, at `at`): once per contact and year (the
 * record is claimed with the message, in one transaction), spaced by a random pause (the outbound jobs start
 * that far apart). Run again the same day, it sends nothing new.
 */
export const runBirthdays = async (deps: TBirthdayDeps, tenantId: number, at: Date): Promise<TBirthdayRun> => {
  const { timeZone, contacts, settings } = await withTenant(deps.db, tenantId, async (tx) => ({
    timeZone: await findTenantZone(tx, tenantId),
    contacts: await findContactsWithBirthday(tx, tenantId),
    settings: await findBirthdaySettings(tx, tenantId),
  }));
  const today = dayIn(timeZone, at);
  const enabled = settings.filter((setting) => setting.enabled);
  const random = deps.random ?? Math.random;
  const now = deps.now?.() ?? new Date();
  const result = { sent: 0, skipped: 0, already: 0 };
  let offsetMs = 0;
  for (const contact of contacts) {
    const birthday = parseBirthday(contact.birthday);
    if (!birthday || !isBirthdayOn(birthday, today)) continue;
    const startAfter = offsetMs > 0 ? new Date(now.getTime() + offsetMs) : undefined;
    const outcome = await sendOne(deps, tenantId, contact, { year: today.year, enabled, timeZone, now, startAfter });
    result[outcome] += 1;
    if (outcome === 'sent') offsetMs += deps.pace.minMs + Math.round(random() * (deps.pace.maxMs - deps.pace.minMs));
  }
  return result;
};
