import { parseBirthday, type TBirthdayList, type TBirthdaySetting } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import {
  findBirthdaySettings,
  findContactsWithBirthday,
  findSendsOfYear,
  findTenantZone,
  upsertBirthdaySetting,
} from './birthdays.repository.js';
import { dayIn } from './run-birthdays.js';

/**
 * GET /birthdays?month=: the contacts born in a month (this month by default, in the tenant's zone), by day,
 * each with this year's birthday message (sent, its delivery state, or skipped with the reason).
 */
export const listBirthdays = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  month: number | undefined,
  at = new Date(),
): Promise<TBirthdayList> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const today = dayIn(await findTenantZone(tx, ctx.tenantId), at);
    const wanted = month ?? today.month;
    const born = (await findContactsWithBirthday(tx, ctx.tenantId))
      .map((contact) => ({ contact, date: parseBirthday(contact.birthday) }))
      .filter((item): item is typeof item & { date: { day: number; month: number } } => item.date?.month === wanted)
      .sort((a, b) => a.date.day - b.date.day || a.contact.name.localeCompare(b.contact.name));
    const sends = await findSendsOfYear(
      tx,
      ctx.tenantId,
      today.year,
      born.map((item) => item.contact.id),
    );
    const sendOf = new Map(sends.map((send) => [send.contactId, send]));
    const isLeap = new Date(Date.UTC(today.year, 1, 29)).getUTCMonth() === 1;
    return {
      today: `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`,
      month: wanted,
      contacts: born.map(({ contact, date }) => {
        const send = sendOf.get(contact.id);
        // Born on 29 February: today is their day on 28 February of a year without a 29th.
        const day = date.month === 2 && date.day === 29 && !isLeap ? 28 : date.day;
        return {
          id: contact.id,
          name: contact.name,
          number: contact.number,
          birthday: contact.birthday,
          day: date.day,
          month: date.month,
          isToday: date.month === today.month && day === today.day,
          send: send
            ? {
                status: send.status,
                reason: send.reason,
                connectionName: send.connectionName,
                messageStatus: send.messageStatus,
                createdAt: send.createdAt.toISOString(),
              }
            : null,
        };
      }),
    };
  });

/** GET /birthdays/settings: every live connection with its birthday switch and text. */
export const listBirthdaySettings = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
): Promise<TBirthdaySetting[]> =>
  withTenant(services.db, ctx.tenantId, async (tx) =>
    (await findBirthdaySettings(tx, ctx.tenantId)).map(({ isDefault: _default, ...setting }) => setting),
  );

/** PUT /birthdays/settings: the connections given change, the others keep theirs. */
export const saveBirthdaySettings = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  settings: { connectionId: number; enabled: boolean; message: string }[],
): Promise<TBirthdaySetting[]> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await assertOwnedIds(
      tx,
      ctx.tenantId,
      connections,
      'settings',
      settings.map((setting) => setting.connectionId),
      { where: liveConnection },
    );
    for (const setting of settings) await upsertBirthdaySetting(tx, ctx.tenantId, setting);
    return (await findBirthdaySettings(tx, ctx.tenantId)).map(({ isDefault: _default, ...setting }) => setting);
  });
