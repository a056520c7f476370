import { isWithinBusinessHours, type TBusinessHours } from '@prosa/contracts';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.js';
import { isTenantUsable } from '../../platform/auth/tenant-status.js';
import { AppError } from '../../platform/errors.js';
import { localDayAndMinutes } from '../../platform/local-time.js';
import type { TServices } from '../../platform/services.js';
import { clearFailures, countRecentFailures, findLoginCandidate, recordFailures } from './auth.repository.js';

const FAILURE_WINDOW_MS = 5 * 60_000;
const MAX_FAILURES = 5;

type TCandidate = NonNullable<Awaited<ReturnType<typeof findLoginCandidate>>>;

/** Refuses when the e-mail or the IP already failed MAX_FAILURES times within the window. */
export const assertNotThrottled = async (services: Pick<TServices, 'db'>, keys: string[]): Promise<void> => {
  const counts = await countRecentFailures(services.db, keys, new Date(Date.now() - FAILURE_WINDOW_MS));
  if (keys.some((key) => (counts.get(key) ?? 0) >= MAX_FAILURES)) throw new AppError('ERR_LIMIT_MAX');
};

export const throttleKeys = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];

/** Tenant and login-hours checks shared by password and master-key sign-in. */
export const assertMayEnter = ({ user, tenant }: TCandidate, now = new Date()): void => {
  if (user.profile === 'superadmin') return;
  if (!isTenantUsable(tenant, now)) throw new AppError('ERR_TENANT_INACTIVE');
  const hours = user.businessHours as TBusinessHours | null;
  if (hours && user.profile !== 'admin') {
    const { dayOfWeek, minutes } = localDayAndMinutes(now, tenant.timezone);
    if (!isWithinBusinessHours(hours, dayOfWeek, minutes)) throw new AppError('OUT_RANGE');
  }
};

export const loginWithPassword = async (
  services: Pick<TServices, 'db' | 'decryptSecret'>,
  input: { email: string; password: string; ip: string },
): Promise<TCandidate> => {
  const plain = services.decryptSecret(input.password, 'password');
  const keys = throttleKeys(input.email, input.ip);
  await assertNotThrottled(services, keys);
  const candidate = await findLoginCandidate(services.db, input.email);
  let valid = false;
  if (candidate) valid = await verifyPassword(candidate.user.passwordHash, plain);
  else await burnPasswordCheck(plain);
  if (!candidate || !valid) {
    await recordFailures(services.db, keys);
    // Same answer for an unknown e-mail and a wrong password.
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  assertMayEnter(candidate);
  await clearFailures(services.db, keys[0] as string);
  return candidate;
};
