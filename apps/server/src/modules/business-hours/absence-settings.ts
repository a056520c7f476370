import type { TSettingKey, TTenantSettings } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { queues } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';

export const MAX_ABSENCE_RETRIES = 20;

export type TAbsenceSettings = { useUserBusinessHours: boolean; maxRetries: number; outOfHoursQueueId: number | null };

/** The absence rule's part of the tenant's settings, read leniently (a bad stored value falls back). */
export const toAbsenceSettings = (settings: TTenantSettings): TAbsenceSettings => {
  const retries = Number(settings.maxRetries);
  const queueId = Number(settings.outOfHoursQueueId);
  return {
    useUserBusinessHours: settings.useUserBusinessHours === 'enabled',
    maxRetries: Number.isInteger(retries) && retries >= 0 ? Math.min(retries, MAX_ABSENCE_RETRIES) : 1,
    outOfHoursQueueId: settings.outOfHoursQueueId && Number.isInteger(queueId) && queueId > 0 ? queueId : null,
  };
};

/**
 * PUT /settings/:key for the absence rule's settings: `maxRetries` a whole number 0-20 (0 sends none),
 * `outOfHoursQueueId` '' or one of the tenant's queues (another tenant's queue is not found).
 */
export const assertAbsenceSetting = async (tx: TExecutor, tenantId: number, key: TSettingKey, value: string) => {
  if (key === 'maxRetries') {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n > MAX_ABSENCE_RETRIES)
      throw new AppError('ERR_VALIDATION', {
        field: 'value',
        detail: `expected a whole number 0-${MAX_ABSENCE_RETRIES}`,
      });
  }
  if (key === 'outOfHoursQueueId' && value !== '') {
    if (!/^\d+$/.test(value))
      throw new AppError('ERR_VALIDATION', { field: 'value', detail: "expected a queue id or ''" });
    const [queue] = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.tenantId, tenantId), eq(queues.id, Number(value))));
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', { field: 'value' });
  }
};
