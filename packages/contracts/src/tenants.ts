import { z } from 'zod';
import { ZEmail, ZNewPassword } from './auth.js';
import { ZHexColor, ZPageQuery } from './common.js';
import { ZMenuVisibility } from './profiles.js';

export const tenantStatuses = ['active', 'inactive', 'trial'] as const;
export const ZTenantStatus = z.enum(tenantStatuses);
export type TTenantStatus = z.infer<typeof ZTenantStatus>;

export const ZTenant = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ZTenantStatus,
  email: z.string().nullable(),
  identity: z.string().nullable(),
  maxUsers: z.number().int(),
  maxConnections: z.number().int(),
  trialEndsAt: z.string().nullable(),
  allowUserCreation: z.boolean(),
  timezone: z.string(),
  menuVisibility: ZMenuVisibility,
  userCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTenant = z.infer<typeof ZTenant>;

export const ZTenantList = z.object({ tenants: z.array(ZTenant), count: z.number().int(), hasMore: z.boolean() });
export const ZTenantListQuery = ZPageQuery.extend({ status: ZTenantStatus.optional() });

const isValidTimezone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const tenantFields = {
  name: z.string().trim().min(2).max(120),
  status: ZTenantStatus,
  email: ZEmail.nullable(),
  identity: z.string().trim().max(40).nullable(),
  maxUsers: z.number().int().min(1).max(100000),
  maxConnections: z.number().int().min(0).max(10000),
  trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
  allowUserCreation: z.boolean(),
  timezone: z.string().refine(isValidTimezone, 'IANA time zone'),
  menuVisibility: ZMenuVisibility,
};

export const ZCreateTenantBody = z.object({
  ...tenantFields,
  status: tenantFields.status.default('active'),
  email: tenantFields.email.default(null),
  identity: tenantFields.identity.default(null),
  maxUsers: tenantFields.maxUsers.default(5),
  maxConnections: tenantFields.maxConnections.default(1),
  trialEndsAt: tenantFields.trialEndsAt.default(null),
  allowUserCreation: tenantFields.allowUserCreation.default(true),
  timezone: tenantFields.timezone.default('America/Sao_Paulo'),
  menuVisibility: tenantFields.menuVisibility.default({}),
  /** The tenant's first admin. */
  admin: z.object({ name: z.string().trim().min(2).max(120), email: ZEmail, password: ZNewPassword }),
});
export type TCreateTenantBody = z.infer<typeof ZCreateTenantBody>;

export const ZUpdateTenantBody = z
  .object(tenantFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty update' });
export type TUpdateTenantBody = z.infer<typeof ZUpdateTenantBody>;

/** White-label branding per tenant (`/customizar`). Logo is a data URL, at most ~200 kB. */
export const ZBranding = z.object({
  appName: z.string().trim().min(1).max(60),
  logo: z
    .string()
    .max(280_000)
    .regex(
      /^data:image\/(png|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/=]+$/,
      'data URL of a png, jpeg, svg or webp image',
    )
    .nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZPlatformSettings = z.object({
  allowSignup: z.boolean(),
  signupTrialDays: z.number().int().min(1).max(90),
  masterKeyEnabled: z.boolean(),
});
export const ZUpdatePlatformSettings = ZPlatformSettings.partial().extend({
  /** Set a new master key (plain text, sent over TLS, stored as an argon2id hash). */
  masterKey: z.string().min(12).max(128).optional(),
});

export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  targetUserId: z.number().int().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const ZAuditList = z.object({ entries: z.array(ZAuditEntry), count: z.number().int(), hasMore: z.boolean() });

export { ZHexColor };
