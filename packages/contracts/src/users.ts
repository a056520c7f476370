import { z } from 'zod';
import { ZEmail, ZNewPassword, ZQueueRef, ZUserConfigs } from './auth.js';
import { ZId, ZIdArray, ZPageQuery, ZRowId } from './common.js';
import { ZMenuVisibility, ZProfile, ZTenantProfile } from './profiles.js';
import { ZBusinessHours } from './tenant-settings.js';

export const ZUser = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: ZProfile,
  queues: z.array(ZQueueRef),
  configs: ZUserConfigs,
  menuPermissions: ZMenuVisibility,
  blockWavoip: z.boolean(),
  isOnline: z.boolean(),
  status: z.string(),
  lastLogin: z.string().nullable(),
  lastOnline: z.string().nullable(),
  businessHours: ZBusinessHours.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserList = z.object({ users: z.array(ZUser), count: z.number().int(), hasMore: z.boolean() });

export const ZUserListQuery = ZPageQuery.extend({
  profile: ZProfile.optional(),
});

const userFields = {
  name: z.string().trim().min(2).max(120),
  email: ZEmail,
  profile: ZTenantProfile,
  queues: ZIdArray(200),
  menuPermissions: ZMenuVisibility,
  blockWavoip: z.boolean(),
  businessHours: ZBusinessHours.nullable(),
};

export const ZCreateUserBody = z.object({
  ...userFields,
  password: ZNewPassword,
  queues: userFields.queues.default([]),
  menuPermissions: userFields.menuPermissions.default({}),
  blockWavoip: userFields.blockWavoip.default(false),
  businessHours: userFields.businessHours.default(null),
  profile: userFields.profile.default('user'),
});
export type TCreateUserBody = z.infer<typeof ZCreateUserBody>;

export const ZUpdateUserBody = z
  .object({ ...userFields, password: ZNewPassword })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty update' });
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

export const ZUpdateConfigsBody = ZUserConfigs;
export const ZUserOnlineBody = z.object({ isOnline: z.boolean(), status: z.string().max(40).optional() });

/** Superadmin view across tenants (`/userTenants`). */
export const ZUserTenantsQuery = ZUserListQuery.extend({ tenantId: ZId.optional() });
export const ZCreateUserTenantBody = ZCreateUserBody.extend({ tenantId: ZRowId });
export const ZUpdateUserTenantBody = z
  .object({ ...userFields, password: ZNewPassword })
  .partial()
  .extend({ tenantId: ZRowId })
  .refine((body) => Object.keys(body).length > 1, { message: 'empty update' });
export const ZDeleteUserTenantBody = z.object({ tenantId: ZRowId });

/** Minimal colleague list for the private chat. */
export const ZChatUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: ZProfile,
  isOnline: z.boolean(),
  lastOnline: z.string().nullable(),
});
