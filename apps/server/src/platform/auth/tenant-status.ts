/** A tenant may be used when active, or in trial before its end date. */
export const isTenantUsable = (tenant: { status: string; trialEndsAt: Date | null }, now = new Date()): boolean => {
  if (tenant.status === 'active') return true;
  if (tenant.status === 'trial') return tenant.trialEndsAt === null || tenant.trialEndsAt > now;
  return false;
};
