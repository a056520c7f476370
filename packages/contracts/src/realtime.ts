/** Socket.IO event and room names shared by server and web (domain reference section 3). */
export const rooms = {
  tenant: (tenantId: number) => `${tenantId}`,
  user: (tenantId: number, userId: number) => `${tenantId}:user:${userId}`,
  platform: 'platform:superadmin',
  /** The tenant's managers (admin, super, supervisor): screens agents do not see, such as campaigns. */
  managers: (tenantId: number) => `${tenantId}:managers`,
} as const;

/** Profiles whose sockets join their tenant's `managers` room. */
export const MANAGER_PROFILES: readonly string[] = ['admin', 'super', 'supervisor', 'superadmin'];

export const events = {
  setUserActive: (tenantId: number) => `${tenantId}:setUserActive`,
  setUserIdle: (tenantId: number) => `${tenantId}:setUserIdle`,
  user: (tenantId: number) => `${tenantId}:user`,
  users: (tenantId: number) => `${tenantId}:users`,
  authError: 'auth_error',
  /**
   * Sent to a user's sockets (or a whole tenant's) right before the server closes them because the rights
   * they were opened with changed (`TAuthRevokedEvent`). The client refreshes its token and reconnects, or
   * goes to the login screen when the refresh is refused.
   */
  authRevoked: 'auth:revoked',
  /** Tickets and their messages, sent to the user rooms of exactly the users who may see the ticket. */
  ticketList: (tenantId: number) => `${tenantId}:ticketList`,
  /** Contacts (tenant room: contacts are not restricted by queue). */
  contactList: (tenantId: number) => `${tenantId}:contactList`,
  settings: (tenantId: number) => `${tenantId}:settings`,
  /** Typing / recording presence of the customer or an agent in a ticket. */
  presence: (tenantId: number) => `${tenantId}:presence`,
  /** A connection's status changed (payload `{ action: 'update', session }`, without token or settings). */
  whatsappSession: (tenantId: number) => `${tenantId}:whatsappSession`,
  /**
   * A campaign's status or its contacts' progress changed (`TCampaignEvent`, the managers room, at most once a
   * second per campaign): the campaign screens ask again.
   */
  campaign: (tenantId: number) => `${tenantId}:campaign`,
  /**
   * The tenant's figures were recomputed (no payload; the managers room, at most once a second): the dashboard
   * asks again, so a figure the figures job settles after a ticket's own event still reaches the screen.
   */
  insight: (tenantId: number) => `${tenantId}:insight`,
  /** Any tenant's connection changed status (room `platform`, superadmins only; `TPlatformSessionEvent`). */
  platformWhatsappSession: 'platform:whatsappSession',
} as const;

/**
 * Why a socket was closed by the server: the session ended (password or profile changed), the user's
 * queues changed, the user was deleted, or the tenant was deactivated or deleted.
 */
export type TRevocationReason = 'session-ended' | 'rights-changed' | 'user-deleted' | 'tenant-inactive';
export type TAuthRevokedEvent = { reason: TRevocationReason };

/** Payload of `{tenantId}:ticketList` (domain reference 3.2). */
export type TTicketListEvent =
  | { type: 'ticket:create' | 'ticket:update'; payload: import('./tickets.js').TTicket }
  | { type: 'ticket:delete'; payload: { id: number } }
  | { type: 'chat:create' | 'chat:update' | 'chat:ack' | 'chat:delete'; payload: import('./messages.js').TMessage }
  /** Earlier messages of a ticket were imported from its channel's history: the open chat loads them again. */
  | { type: 'chat:history'; payload: { ticketId: number; count: number } }
  /** An internal note of a ticket was written, changed or removed (staff who may see the ticket only). */
  | { type: 'note:create' | 'note:update'; payload: import('./ticket-notes.js').TTicketNote }
  | { type: 'note:delete'; payload: { id: number; ticketId: number } };

export type TPresenceEvent = {
  ticketId: number;
  /** 'contact' for the customer, else the agent's user id. */
  from: 'contact' | number;
  state: 'composing' | 'recording' | 'paused';
};

export type TCampaignEvent = { campaignId: number };

export type TUserEvent =
  | { action: 'create' | 'update'; user: { id: number; name: string; profile: string; isOnline: boolean } }
  | { action: 'delete'; userId: number };

export type TUsersPresenceEvent = {
  action: 'update';
  data: { userId: number; username: string; email: string; isOnline: boolean; lastLogin: string | null };
};
