import type { ZSignupBody } from '@prosa/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { getPlatformSettings } from '../platform-admin/platform-settings.js';
import { createTenant } from '../tenants/manage-tenants.js';

/** Self-service sign-up: a tenant in trial with its first admin, when the platform allows it. */
export const signup = async (
  services: Pick<TServices, 'db' | 'events' | 'realtime'>,
  input: z.infer<typeof ZSignupBody>,
) => {
  const settings = await getPlatformSettings(services.db);
  if (!settings.allowSignup) throw new AppError('ERR_SIGNUP_DISABLED');
  const trialEndsAt = new Date(Date.now() + settings.signupTrialDays * 86_400_000);
  const { admin } = await createTenant(services, {
    name: input.tenantName,
    status: 'trial',
    email: input.email,
    identity: null,
    maxUsers: 3,
    maxConnections: 1,
    trialEndsAt: trialEndsAt.toISOString(),
    allowUserCreation: true,
    timezone: 'America/Sao_Paulo',
    menuVisibility: {},
    admin: { name: input.name, email: input.email, password: input.password },
  });
  return admin;
};
