import type { Server as HttpServer } from 'node:http';
import { events, MANAGER_PROFILES, rooms, type TAuthRevokedEvent, type TRevocationReason } from '@prosa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Namespace, Server, type Socket } from 'socket.io';
import type { TRequestContext, TSessionResolver } from './auth/authenticate.js';
import { AppError } from './errors.js';

type TSocketData = { ctx: TRequestContext };
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Rights taken away: every socket of one user, or of a whole tenant when `userId` is absent. */
export type TRevocation = { tenantId: number; userId?: number; reason: TRevocationReason };
/** Between instances (Redis adapter): each one closes its own sockets of a revocation. */
type TServerSideEvents = { revoke: (revocation: TRevocation) => void };

export type TRealtime = {
  emitToTenant: (tenantId: number, event: string, payload: unknown) => void;
  emitToUser: (tenantId: number, userId: number, event: string, payload: unknown) => void;
  /** To the superadmins' sockets only (room `platform`), whatever tenant the news is about. */
  emitToPlatform: (event: string, payload: unknown) => void;
  /** Another Socket.IO namespace on the same server (web chat visitors), closed with the rest. */
  namespace: (name: string) => Namespace;
  /** One emit to the user rooms of several users of a tenant (one Redis publish however many users). */
  emitToUsers: (tenantId: number, userIds: readonly number[], event: string, payload: unknown) => void;
  /**
   * Like emitToUsers, to this instance's sockets only. For listeners that run on every instance (domain
   * events): with the Redis adapter a plain emit from each instance would reach every socket once per instance.
   */
  emitToLocalUsers: (tenantId: number, userIds: readonly number[], event: string, payload: unknown) => void;
  /** Like emitToTenant, to this instance's sockets only (for listeners that run on every instance). */
  emitToLocalTenant: (tenantId: number, event: string, payload: unknown) => void;
  /** To this instance's sockets of the tenant's managers (admin, super, supervisor; `rooms.managers`). */
  emitToLocalManagers: (tenantId: number, event: string, payload: unknown) => void;
  /** Like emitToPlatform, to this instance's sockets only (for listeners that run on every instance). */
  emitToLocalPlatform: (event: string, payload: unknown) => void;
  /** Those of `userIds` with a socket on this instance (a listener skips loading what nobody here receives). */
  localUsers: (tenantId: number, userIds: readonly number[]) => number[];
  /** Whether any socket of the tenant is on this instance. */
  hasLocalTenant: (tenantId: number) => boolean;
  /**
   * Closes every socket of the user (or tenant) on every instance, each told why first (`auth:revoked`).
   * Call it after the change is committed: a client reconnecting at once must find the new rights.
   */
  revoke: (revocation: TRevocation) => void;
  /** Disconnects this instance's clients and waits for the presence updates that follow. Emits still work. */
  close: () => Promise<void>;
  /** Last step of a shutdown, after HTTP and background work: closes the Redis clients; later emits are dropped. */
  dispose: () => Promise<void>;
};

export type TPresenceListener = (ctx: TRequestContext, isOnline: boolean) => Promise<void>;

export const createRealtime = async (options: {
  httpServer: HttpServer;
  resolveSession: TSessionResolver;
  redisUrl: string | undefined;
  corsOrigins: string[];
  log: FastifyBaseLogger;
  onPresence: TPresenceListener;
  /** Runs on every instance for each revocation, before its sockets close (caches of rights are dropped). */
  onRevoked?: (revocation: TRevocation) => void;
}): Promise<TRealtime> => {
  const io = new Server<Record<string, never>, Record<string, never>, TServerSideEvents, TSocketData>(
    options.httpServer,
    {
      path: '/socket.io',
      cors: options.corsOrigins.length > 0 ? { origin: options.corsOrigins, credentials: true } : undefined,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    },
  );
  /** Set by dispose(): the Redis clients are closing, nothing more is published. */
  let disposed = false;
  const redisClients: { quit: () => Promise<unknown> }[] = [];
  if (options.redisUrl) {
    // Loaded only when configured: a single instance never pays for the Redis client.
    const [{ createClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => options.log.error({ err }, 'redis publisher error'));
    sub.on('error', (err) => options.log.error({ err }, 'redis subscriber error'));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter answers other instances' requests (fetchSockets) by publishing; one already being answered
    // when this instance shuts down would publish on a closed client, a rejection nobody awaits. After dispose()
    // such a late answer is dropped: the asking instance gets its answer from the others or times out.
    const publish = pub.publish.bind(pub);
    Object.defineProperty(pub, 'publish', {
      value: (...args: Parameters<typeof publish>) =>
        publish(...args).catch((err: unknown) => {
          if (!disposed) throw err;
          return 0;
        }),
    });
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      if (typeof token !== 'string' || token.length === 0) throw new AppError('ERR_UNAUTHORIZED');
      socket.data.ctx = await options.resolveSession(token);
      next();
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'ERR_INVALID_TOKEN';
      next(Object.assign(new Error(code), { data: { error: code } }));
    }
  });

  // Presence updates still running (a disconnect's check and write); close() waits for them.
  const pending = new Set<Promise<void>>();
  const track = (work: () => Promise<unknown>) => {
    const running = work()
      .then(() => undefined)
      .catch((err: unknown) => options.log.error({ err }, 'presence update failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  const extraNamespaces = new Set<Namespace>();

  /**
   * This instance's part of a revocation. NOTE: the reason and the close are sent by the same instance to its
   * own sockets, so the reason always arrives before the close; a cross-instance emit followed by a
   * cross-instance disconnect would travel as two Redis messages handled separately.
   */
  const revokeLocally = (revocation: TRevocation) => {
    try {
      options.onRevoked?.(revocation);
    } catch (err) {
      options.log.error({ err }, 'revocation listener failed');
    }
    const { tenantId, userId } = revocation;
    const room = userId === undefined ? rooms.tenant(tenantId) : rooms.user(tenantId, userId);
    const payload: TAuthRevokedEvent = { reason: revocation.reason };
    io.local.to(room).emit(events.authRevoked as never, payload as never);
    io.local.in(room).disconnectSockets(true);
  };
  io.on('revoke', (revocation) => revokeLocally(revocation));

  /**
   * A trial ends by the clock, with no write to revoke anything: the socket is closed when it ends. The client's
   * refresh is then refused (login) unless the trial was extended meanwhile (it reconnects).
   */
  const closeAtTrialEnd = (
    socket: Socket<Record<string, never>, Record<string, never>, TServerSideEvents, TSocketData>,
  ) => {
    const until = socket.data.ctx.tenantUsableUntil;
    if (!until) return;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      // setTimeout holds at most ~24.8 days; a later end is re-armed when that wait is over.
      timer = setTimeout(
        () => {
          if (until.getTime() > Date.now()) return arm();
          const payload: TAuthRevokedEvent = { reason: 'tenant-inactive' };
          io.local.to(socket.id).emit(events.authRevoked as never, payload as never);
          socket.disconnect(true);
        },
        Math.min(Math.max(until.getTime() - Date.now(), 0), MAX_TIMER_MS),
      );
      timer.unref();
    };
    arm();
    socket.on('disconnect', () => clearTimeout(timer));
  };

  io.on('connection', (socket) => {
    const ctx = socket.data.ctx;
    // NOTE: a socket only ever joins its own tenant's and its own user's rooms.
    socket.join([rooms.tenant(ctx.tenantId), rooms.user(ctx.tenantId, ctx.userId)]);
    if (ctx.profile === 'superadmin') socket.join(rooms.platform);
    if (MANAGER_PROFILES.includes(ctx.profile)) socket.join(rooms.managers(ctx.tenantId));
    closeAtTrialEnd(socket);
    socket.on(events.setUserActive(ctx.tenantId), () => track(() => options.onPresence(ctx, true)));
    socket.on('disconnect', () =>
      track(async () => {
        // Across instances (Redis adapter) this asks every node; it rejects when one does not answer in time.
        const remaining = await io.in(rooms.user(ctx.tenantId, ctx.userId)).fetchSockets();
        if (remaining.length === 0) await options.onPresence(ctx, false);
      }),
    );
  });

  return {
    // After dispose() the Redis publisher is closed, and publishing on it would be an unhandled rejection.
    emitToTenant: (tenantId, event, payload) => {
      if (!disposed) io.to(rooms.tenant(tenantId)).emit(event as never, payload as never);
    },
    emitToUser: (tenantId, userId, event, payload) => {
      if (!disposed) io.to(rooms.user(tenantId, userId)).emit(event as never, payload as never);
    },
    emitToPlatform: (event, payload) => {
      if (!disposed) io.to(rooms.platform).emit(event as never, payload as never);
    },
    emitToUsers: (tenantId, userIds, event, payload) => {
      if (disposed || userIds.length === 0) return;
      io.to(userIds.map((userId) => rooms.user(tenantId, userId))).emit(event as never, payload as never);
    },
    emitToLocalUsers: (tenantId, userIds, event, payload) => {
      if (disposed || userIds.length === 0) return;
      io.local.to(userIds.map((userId) => rooms.user(tenantId, userId))).emit(event as never, payload as never);
    },
    emitToLocalTenant: (tenantId, event, payload) => {
      if (!disposed) io.local.to(rooms.tenant(tenantId)).emit(event as never, payload as never);
    },
    emitToLocalManagers: (tenantId, event, payload) => {
      if (!disposed) io.local.to(rooms.managers(tenantId)).emit(event as never, payload as never);
    },
    emitToLocalPlatform: (event, payload) => {
      if (!disposed) io.local.to(rooms.platform).emit(event as never, payload as never);
    },
    localUsers: (tenantId, userIds) => {
      const joined = io.of('/').adapter.rooms;
      return userIds.filter((userId) => joined.has(rooms.user(tenantId, userId)));
    },
    hasLocalTenant: (tenantId) => io.of('/').adapter.rooms.has(rooms.tenant(tenantId)),
    namespace: (name) => {
      const namespace = io.of(name);
      extraNamespaces.add(namespace);
      return namespace;
    },
    revoke: (revocation) => {
      if (disposed) return;
      // Without Redis there is no other instance (and the in-memory adapter cannot emit server-side).
      if (redisClients.length > 0) io.serverSideEmit('revoke', revocation);
      revokeLocally(revocation);
    },
    close: async () => {
      // The HTTP server itself is closed by Fastify; here only the realtime clients (incl. long-polling).
      io.local.disconnectSockets(true);
      for (const namespace of extraNamespaces) namespace.local.disconnectSockets(true);
      io.engine.close();
      while (pending.size > 0) await Promise.all([...pending]);
    },
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      // Unsubscribed first: no new request from another instance reaches this one while its clients close.
      for (const namespace of [io.of('/'), ...extraNamespaces]) void namespace.adapter.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
};
