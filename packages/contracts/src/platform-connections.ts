import { z } from 'zod';
import { ZId, ZPageQuery } from './common.js';
import { type TConnection, ZConnectionType } from './connections.js';

/** The statuses a connection reports (domain reference 2.7), in the order the superadmin's screen shows them. */
export const connectionStatuses = ['CONNECTED', 'OPENING', 'qrcode', 'DISCONNECTED'] as const;
export const ZConnectionStatus = z.enum(connectionStatuses);
export type TConnectionStatus = z.infer<typeof ZConnectionStatus>;

/** GET /whatsappTenants: the superadmin's filters over every tenant's connections. */
export const ZPlatformConnectionsQuery = ZPageQuery.extend({
  status: ZConnectionStatus.optional(),
  type: ZConnectionType.optional(),
  tenantId: ZId.optional(),
});
export type TPlatformConnectionsQuery = z.infer<typeof ZPlatformConnectionsQuery>;

/**
 * A connection as the platform sees it: which tenant, which channel, whether it works. Never its token,
 * settings, QR code or credentials: those belong to the tenant's admins.
 */
export const ZPlatformConnection = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  number: z.string().nullable(),
  /** Why the connection is down (a catalogue code), when the provider said. */
  lastError: z.string().nullable(),
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type TPlatformConnection = z.infer<typeof ZPlatformConnection>;

/** How many connections are in each status, under every filter but the status one (the screen's header chips). */
export const ZConnectionStatusCounts = z.object({
  CONNECTED: z.number().int(),
  OPENING: z.number().int(),
  qrcode: z.number().int(),
  DISCONNECTED: z.number().int(),
});
export type TConnectionStatusCounts = z.infer<typeof ZConnectionStatusCounts>;

export const ZPlatformConnectionList = z.object({
  connections: z.array(ZPlatformConnection),
  /** Connections matching every filter (all pages). */
  count: z.number().int(),
  hasMore: z.boolean(),
  statusCounts: ZConnectionStatusCounts,
});
export type TPlatformConnectionList = z.infer<typeof ZPlatformConnectionList>;

/**
 * Payload of `platform:whatsappSession` (superadmins only): a connection of `tenantId` changed status. The
 * session is the tenant-wide DTO, so token, settings and QR code are null.
 */
export type TPlatformSessionEvent = {
  action: 'update';
  tenantId: number;
  session: TConnection;
  turn: 'down' | 'up' | null;
};
