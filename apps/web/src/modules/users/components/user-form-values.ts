import {
  defaultBusinessHours,
  type TBusinessDay,
  type TMenuVisibility,
  type TUser,
  ZCreateUserBody,
  ZCreateUserTenantBody,
  ZUpdateUserBody,
  ZUpdateUserTenantBody,
} from '@prosa/contracts';
import type { TSafeParseSchema } from '../../../ui/zod-form';
import type { TUserBody, TUserScope } from '../api/users-api';

export type TTenantProfile = TUserBody['profile'];
export const tenantProfiles: readonly TTenantProfile[] = ['admin', 'super', 'supervisor', 'user'];

export type TUserFormValues = {
  name: string;
  email: string;
  /** Empty on edit = keep the current password. */
  password: string;
  profile: TTenantProfile;
  /** Queue ids as strings (MultiSelect values). */
  queues: string[];
  blockWavoip: boolean;
  menuPermissions: TMenuVisibility;
  /** Limit the hours in which the user may log in. */
  restrictHours: boolean;
  businessHours: TBusinessDay[];
  /** Superadmin view only: the user's tenant. */
  tenantId: string | null;
};

export const emptyUserForm = (): TUserFormValues => ({
  name: '',
  email: '',
  password: '',
  profile: 'user',
  queues: [],
  blockWavoip: false,
  menuPermissions: {},
  restrictHours: false,
  businessHours: defaultBusinessHours(),
  tenantId: null,
});

export const userToForm = (user: TUser): TUserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  profile: user.profile === 'superadmin' ? 'admin' : user.profile,
  queues: user.queues.map((queue) => String(queue.id)),
  blockWavoip: user.blockWavoip,
  menuPermissions: user.menuPermissions,
  restrictHours: user.businessHours !== null,
  businessHours: user.businessHours ?? defaultBusinessHours(),
  tenantId: String(user.tenantId),
});

/** The request body the form stands for (create: full body; edit: password only when typed). */
export const formToBody = (
  values: TUserFormValues,
  isEdit: boolean,
  scope: TUserScope,
): Partial<TUserBody> & { tenantId?: number } => {
  const body: Partial<TUserBody> & { tenantId?: number } = {
    name: values.name,
    email: values.email,
    profile: values.profile,
    blockWavoip: values.blockWavoip,
    menuPermissions: values.menuPermissions,
    businessHours: values.restrictHours ? values.businessHours : null,
  };
  // Queues belong to a tenant: the superadmin view does not manage them.
  if (scope === 'tenant') body.queues = values.queues.map(Number);
  if (!isEdit || values.password) body.password = values.password;
  if (scope === 'platform') body.tenantId = values.tenantId ? Number(values.tenantId) : undefined;
  return body;
};

export const userSchema = (isEdit: boolean, scope: TUserScope): TSafeParseSchema => {
  if (scope === 'platform') return isEdit ? ZUpdateUserTenantBody : ZCreateUserTenantBody;
  return isEdit ? ZUpdateUserBody : ZCreateUserBody;
};
