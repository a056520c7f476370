import {
  type TMenuVisibility,
  type TTenant,
  type TTenantStatus,
  ZCreateTenantBody,
  ZUpdateTenantBody,
} from '@prosa/contracts';
import type { TSafeParseSchema } from '../../../ui/zod-form';

export type TTenantFormValues = {
  name: string;
  status: TTenantStatus;
  email: string;
  identity: string;
  maxUsers: number | string;
  maxConnections: number | string;
  /** YYYY-MM-DD or empty (no trial end). */
  trialEndsAt: string;
  allowUserCreation: boolean;
  timezone: string;
  menuVisibility: TMenuVisibility;
  /** First admin, creation only. */
  admin: { name: string; email: string; password: string };
};

export const emptyTenantForm = (): TTenantFormValues => ({
  name: '',
  status: 'active',
  email: '',
  identity: '',
  maxUsers: 5,
  maxConnections: 1,
  trialEndsAt: '',
  allowUserCreation: true,
  timezone: 'America/Sao_Paulo',
  menuVisibility: {},
  admin: { name: '', email: '', password: '' },
});

export const tenantToForm = (tenant: TTenant): TTenantFormValues => ({
  name: tenant.name,
  status: tenant.status,
  email: tenant.email ?? '',
  identity: tenant.identity ?? '',
  maxUsers: tenant.maxUsers,
  maxConnections: tenant.maxConnections,
  trialEndsAt: tenant.trialEndsAt ? tenant.trialEndsAt.slice(0, 10) : '',
  allowUserCreation: tenant.allowUserCreation,
  timezone: tenant.timezone,
  menuVisibility: tenant.menuVisibility,
  admin: { name: '', email: '', password: '' },
});

const toNumber = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/** Trial end as an instant: the end of the chosen day (UTC). */
const toTrialEnd = (date: string): string | null => (date ? `${date}T23:59:59.000Z` : null);

export const tenantFormToBody = (values: TTenantFormValues, isEdit: boolean) => {
  const body = {
    name: values.name,
    status: values.status,
    email: values.email.trim() || null,
    identity: values.identity.trim() || null,
    maxUsers: toNumber(values.maxUsers),
    maxConnections: toNumber(values.maxConnections),
    trialEndsAt: toTrialEnd(values.trialEndsAt),
    allowUserCreation: values.allowUserCreation,
    timezone: values.timezone,
    menuVisibility: values.menuVisibility,
  };
  return isEdit ? body : { ...body, admin: values.admin };
};

export const tenantSchema = (isEdit: boolean): TSafeParseSchema => (isEdit ? ZUpdateTenantBody : ZCreateTenantBody);

/** IANA time zones the browser knows, for the time zone picker. */
export const timezones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/Sao_Paulo', 'UTC'];
  }
};
