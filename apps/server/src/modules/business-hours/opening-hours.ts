import {
  DEFAULT_TIME_ZONE,
  isOpenAt,
  type TBusinessHours,
  type THolidays,
  type TTicket,
  ZBusinessHours,
  ZHolidays,
} from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import { getTenantSettingsOnce } from '../settings/settings.reader.js';
import { readBusinessHours } from '../tenants/tenant-settings.js';
import { findTenant } from '../tenants/tenants.service.js';
import { findUser } from '../users/users.service.js';
import { type TAbsenceSettings, toAbsenceSettings } from './absence-settings.js';

export type TOpeningHours = {
  hours: TBusinessHours;
  holidays: THolidays;
  timeZone: string;
  absenceMessage: string | null;
  settings: TAbsenceSettings;
};

/**
 * The hours that decide a ticket: the tenant's, or, with `useUserBusinessHours` on and an agent on the ticket
 * who has hours of their own, that agent's. Holidays and the zone are always the tenant's.
 */
export const loadOpeningHours = async (
  tx: TExecutor,
  tenantId: number,
  ticket: Pick<TTicket, 'userId'>,
): Promise<TOpeningHours> => {
  // Asked for every customer message of an inbound batch (the absence rule's question): read once per batch.
  const tenant = await onceInTx(tx, `tenant:${tenantId}`, () => findTenant(tx, tenantId));
  const settings = toAbsenceSettings(await getTenantSettingsOnce(tx, tenantId));
  const holidays = ZHolidays.safeParse(tenant?.holidays ?? []);
  // NOTE: a tenant that never saved its hours has none: always open, no absence message (the screen shows
  // the suggested Mon-Fri 08-18 until the admin saves them).
  let hours = tenant?.businessHours ? readBusinessHours(tenant) : undefined;
  if (settings.useUserBusinessHours && ticket.userId) {
    const own = ZBusinessHours.safeParse((await findUser(tx, tenantId, ticket.userId))?.businessHours);
    if (own.success) hours = own.data;
  }
  return {
    hours: hours ?? [],
    holidays: holidays.success ? holidays.data : [],
    timeZone: tenant?.timezone ?? DEFAULT_TIME_ZONE,
    absenceMessage: tenant?.messageBusinessHours ?? null,
    settings,
  };
};

/**
 * Is the ticket inside business hours at `at`? The absence rule asks it; a chat-flow runner must ask it too
 * before running a step, and skip the bot when it says no (domain 5.1: out of hours the flow is not run).
 */
export const isTicketInBusinessHours = async (
  tx: TExecutor,
  tenantId: number,
  ticket: Pick<TTicket, 'userId'>,
  at: Date,
): Promise<boolean> => {
  const { hours, holidays, timeZone } = await loadOpeningHours(tx, tenantId, ticket);
  return hours.length === 0 || isOpenAt(hours, holidays, timeZone, at);
};
