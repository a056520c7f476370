/** Socket.IO event and room names shared by server and web (domain reference section 3). */
export const rooms = {
  tenant: (tenantId: number) => `${tenantId}`,
  user: (tenantId: number, userId: number) => `${tenantId}:user:${userId}`,
  platform: 'platform:superadmin',
} as const;

export const events = {
  setUserActive: (tenantId: number) => `${tenantId}:setUserActive`,
  setUserIdle: (tenantId: number) => `${tenantId}:setUserIdle`,
  user: (tenantId: number) => `${tenantId}:user`,
  users: (tenantId: number) => `${tenantId}:users`,
  authError: 'auth_error',
} as const;

export type TUserEvent =
  | { action: 'create' | 'update'; user: { id: number; name: string; profile: string; isOnline: boolean } }
  | { action: 'delete'; userId: number };

export type TUsersPresenceEvent = {
  action: 'update';
  data: { userId: number; username: string; email: string; isOnline: boolean; lastLogin: string | null };
};
