import {
  defaultBusinessHours,
  defaultRating,
  defaultSystemColors,
  fromSystemColorList,
  type TBranding,
  type TBusinessHours,
  type THolidays,
  type TRating,
  type TSystemColorKey,
  type TTenantTimeZone,
  toSystemColorList,
  ZRating,
  type ZSystemColors,
} from '@prosa/contracts';
import type { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { getOwnTenantRow } from './manage-tenants.js';
import { findPlatformTenant, type TTenantRow, updateTenantRow } from './tenants.repository.js';

export const defaultMessageBusinessHours =
  'Olá! Nosso horário de atendimento terminou. Responderemos assim que possível no próximo horário de atendimento.';
const defaultBranding: TBranding = { appName: 'Prosa', logo: null };

const save = async (services: Pick<TServices, 'db'>, tenantId: number, values: Partial<TTenantRow>) => {
  const row = await withTenant(services.db, tenantId, (tx) => updateTenantRow(tx, tenantId, values));
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  return row;
};

export const readBusinessHours = (row: TTenantRow): TBusinessHours =>
  (row.businessHours as TBusinessHours | null) ?? defaultBusinessHours();

/** The stored rating over the defaults: one saved before a field existed reads that field's default. */
export const readRating = (row: Pick<TTenantRow, 'rating'>): TRating => {
  const parsed = ZRating.safeParse({ ...defaultRating(), ...((row.rating as object | null) ?? {}) });
  return parsed.success ? parsed.data : defaultRating();
};

export const tenantSettings = {
  getBusinessHours: async (services: Pick<TServices, 'db'>, tenantId: number) => {
    const row = await getOwnTenantRow(services, tenantId);
    return {
      businessHours: readBusinessHours(row),
      messageBusinessHours: row.messageBusinessHours ?? defaultMessageBusinessHours,
    };
  },
  setBusinessHours: async (services: Pick<TServices, 'db'>, tenantId: number, hours: TBusinessHours) =>
    readBusinessHours(await save(services, tenantId, { businessHours: [...hours].sort((a, b) => a.day - b.day) })),
  setMessageBusinessHours: async (services: Pick<TServices, 'db'>, tenantId: number, text: string) => ({
    messageBusinessHours: (await save(services, tenantId, { messageBusinessHours: text })).messageBusinessHours ?? text,
  }),
  getRating: async (services: Pick<TServices, 'db'>, tenantId: number): Promise<TRating> =>
    readRating(await getOwnTenantRow(services, tenantId)),
  setRating: async (services: Pick<TServices, 'db'>, tenantId: number, rating: TRating): Promise<TRating> => {
    const scale = [...rating.scale].sort((a, b) => a.value - b.value);
    return readRating(await save(services, tenantId, { rating: { ...rating, scale } }));
  },
  getHolidays: async (services: Pick<TServices, 'db'>, tenantId: number): Promise<THolidays> =>
    (await getOwnTenantRow(services, tenantId)).holidays as THolidays,
  setHolidays: async (services: Pick<TServices, 'db'>, tenantId: number, holidays: THolidays): Promise<THolidays> => {
    const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
    return (await save(services, tenantId, { holidays: sorted })).holidays as THolidays;
  },
  getTimeZone: async (services: Pick<TServices, 'db'>, tenantId: number): Promise<TTenantTimeZone> => ({
    timezone: (await getOwnTenantRow(services, tenantId)).timezone,
  }),
  setTimeZone: async (
    services: Pick<TServices, 'db'>,
    tenantId: number,
    timezone: string,
  ): Promise<TTenantTimeZone> => ({
    timezone: (await save(services, tenantId, { timezone })).timezone,
  }),
  getSystemColors: async (services: Pick<TServices, 'db'>, tenantId: number) =>
    toSystemColorList(readColors(await getOwnTenantRow(services, tenantId))),
  setSystemColors: async (services: Pick<TServices, 'db'>, tenantId: number, list: z.infer<typeof ZSystemColors>) =>
    toSystemColorList(readColors(await save(services, tenantId, { systemColors: fromSystemColorList(list) }))),
  getBranding: async (services: Pick<TServices, 'db'>, tenantId: number): Promise<TBranding> =>
    (await getOwnTenantRow(services, tenantId)).branding ?? defaultBranding,
  setBranding: async (services: Pick<TServices, 'db'>, tenantId: number, branding: TBranding): Promise<TBranding> =>
    (await save(services, tenantId, { branding })).branding ?? branding,
};

const readColors = (row: TTenantRow | undefined): Record<TSystemColorKey, string> => ({
  ...defaultSystemColors,
  ...((row?.systemColors as Record<TSystemColorKey, string> | null) ?? {}),
});

/** Login-page theming before anyone signs in: the platform's own colours and branding. */
export const getPublicTheme = async (services: Pick<TServices, 'db'>) => {
  const platform = await findPlatformTenant(services.db);
  return { colors: toSystemColorList(readColors(platform)), branding: platform?.branding ?? defaultBranding };
};
