import { parseWhatsappJid } from '@prosa/contracts';
import type { TStoredProxy } from '../../platform/db/schema.js';
import { proxyFingerprint, type TProxyRoute } from '../../platform/proxy.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayConnectionChange } from '../host/gateway-events.js';
import type { TConnectionRow, TSessionState } from '../types.js';
import {
  acquireLease,
  findOrphanSessions,
  findProxies,
  leasedElsewhere,
  releaseAllLeases,
  releaseLease,
  renewLeases,
  setRetries,
} from './baileys.repository.js';
import { loadDatabaseAuthState, wipeAuthState } from './baileys-auth-state.js';
import {
  baileysBrowser,
  type TBaileysEventMap,
  type TBaileysSocket,
  type TBaileysSocketFactory,
} from './baileys-socket.js';

/** Baileys' DisconnectReason codes this policy tells apart. */
const LOGGED_OUT = 401;
const FORBIDDEN = 403;
const REPLACED = 440;
const RESTART_REQUIRED = 515;

/** Reconnects after a drop: 1 s, 2 s, 4 s... up to 60 s, then the session is given up as down. */
const MAX_RECONNECTS = 8;
const reconnectDelay = (attempt: number) => Math.min(60_000, 1_000 * 2 ** (attempt - 1));
/** How long `start` waits for the socket's first word (a QR code, open, or refused) before answering OPENING. */
const FIRST_STATE_MS = 20_000;

export type TSessionRef = { tenantId: number; connectionId: number };

/** Schedules a reconnect after a drop and returns its cancel; tests pass one that records and runs on demand. */
export type TReconnectTimer = (ms: number, reconnect: () => void) => () => void;

const realTimer: TReconnectTimer = (ms, reconnect) => {
  const timer = setTimeout(reconnect, ms);
  return () => clearTimeout(timer);
};

type TEntry = {
  ref: TSessionRef;
  socket: TBaileysSocket;
  auth: Awaited<ReturnType<typeof loadDatabaseAuthState>>;
  open: boolean;
  /** We are ending this socket (logout, shutdown, lost lease): its close is no news. */
  stopping: boolean;
  retries: number;
  /** Cancels the reconnect scheduled after a drop, if one is. */
  cancelReconnect: (() => void) | null;
  qrcode: string | null;
  /** `start` calls waiting for the socket's first state. */
  waiters: ((state: TSessionState) => void)[];
  /** Events are handled one after the other, in the order the socket emitted them. */
  chain: Promise<void>;
  /** The proxy the socket goes out through, and which stored proxy it was (a change remakes the socket). */
  proxy: TProxyRoute | null;
  proxyKey: string;
};

/** What the channel does with a live socket's traffic (messages, receipts, reactions, calls). */
export type TSocketHandlers = {
  onMessages: (ref: TSessionRef, socket: TBaileysSocket, event: TBaileysEventMap['messages.upsert']) => Promise<void>;
  onAcks: (ref: TSessionRef, event: TBaileysEventMap['messages.update']) => Promise<void>;
  onReactions: (ref: TSessionRef, event: TBaileysEventMap['messages.reaction']) => Promise<void>;
  onCalls: (ref: TSessionRef, socket: TBaileysSocket, event: TBaileysEventMap['call']) => Promise<void>;
  onHistory: (ref: TSessionRef, event: TBaileysEventMap['messaging-history.set']) => Promise<void>;
  onGroupParticipants: (ref: TSessionRef, event: TBaileysEventMap['group-participants.update']) => Promise<void>;
};

type TSessionsDeps = {
  services: TServices;
  host: TChannelHost;
  factory: TBaileysSocketFactory;
  handlers: TSocketHandlers;
  /** This process, as lease owner. */
  instanceId: string;
  /** A stored proxy opened (its password unsealed); null for none. */
  openProxy: (stored: TStoredProxy | null) => TProxyRoute | null;
  /** How often leases are renewed and orphan sessions looked for; a lease older than `staleMs` is taken over. */
  heartbeatMs: number;
  staleMs: number;
  reconnectTimer?: TReconnectTimer;
};

const state = (status: TSessionState['status'], extra: Partial<TSessionState> = {}): TSessionState => ({
  status,
  number: null,
  qrcode: null,
  error: null,
  ...extra,
});

/** The linked number from the socket's user (`5511...:12@s.whatsapp.net`), as +digits. */
const numberOf = (socket: TBaileysSocket) => {
  const jid = parseWhatsappJid(socket.user?.id ?? '');
  return jid?.kind === 'phone' ? `+${jid.id}` : null;
};

const closeCodeOf = (update: TBaileysEventMap['connection.update']) => {
  const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
  return error?.output?.statusCode ?? null;
};

/**
 * The WhatsApp Web sockets this instance runs: one per connection whose lease it holds. Each socket's state
 * goes to the connection row (and so to the tenant's screens and, on a drop, its admins); a close is handled
 * by Baileys' DisconnectReason: logged out (401) wipes the pairing, restart required (515, normal right after
 * a scan) reopens at once, replaced (440) gives way to the other client, anything else reconnects with backoff.
 */
export const createBaileysSessions = (deps: TSessionsDeps) => {
  const { services, instanceId } = deps;
  const running = new Map<number, TEntry>();
  const scope = (ref: TSessionRef) => ({ db: services.db, ...ref });
  const setStatus = (ref: TSessionRef, change: TGatewayConnectionChange) =>
    deps.host.deliver({ tenantId: ref.tenantId, id: ref.connectionId }, { type: 'connection', change });

  const settle = (entry: TEntry, reached: TSessionState) => {
    for (const resolve of entry.waiters.splice(0)) resolve(reached);
  };

  const end = (entry: TEntry) => {
    entry.stopping = true;
    entry.cancelReconnect?.();
    if (running.get(entry.ref.connectionId) === entry) running.delete(entry.ref.connectionId);
    try {
      // Ends the socket without logging out: the pairing stays, another start resumes it.
      void Promise.resolve(entry.socket.end(undefined)).catch(() => undefined);
    } catch {
      // Already closed.
    }
  };

  /** Gives the session up on this instance: the socket ends, the lease goes, the row says why. */
  const giveUp = async (entry: TEntry, reason: string, wipe: boolean) => {
    end(entry);
    if (wipe) await wipeAuthState(scope(entry.ref));
    await releaseLease(services.db, entry.ref, instanceId);
    const down = state('DISCONNECTED', { error: reason });
    await setStatus(entry.ref, {
      status: 'DISCONNECTED',
      lastError: reason,
      onlyFrom: ['CONNECTED', 'OPENING', 'qrcode'],
    });
    settle(entry, down);
  };

  const onConnection = async (entry: TEntry, socket: TBaileysSocket, update: TBaileysEventMap['connection.update']) => {
    if (update.qr && !entry.open) {
      // Loaded with the first QR code, as Baileys itself.
      const { default: QRCode } = await import('qrcode');
      entry.qrcode = await QRCode.toDataURL(update.qr);
      await setStatus(entry.ref, { status: 'qrcode', qrcode: entry.qrcode });
      settle(entry, state('qrcode', { qrcode: entry.qrcode }));
    }
    if (update.connection === 'open') {
      entry.open = true;
      entry.qrcode = null;
      const number = numberOf(socket);
      if (entry.retries > 0) await setRetries(services.db, entry.ref, 0);
      entry.retries = 0;
      await setStatus(entry.ref, { status: 'CONNECTED', number });
      settle(entry, state('CONNECTED', { number }));
      return;
    }
    if (update.connection !== 'close') return;
    entry.open = false;
    if (entry.stopping) return;
    const code = closeCodeOf(update);
    const paired = Boolean(entry.auth.state.creds.me);
    services.log.info({ connectionId: entry.ref.connectionId, code, paired }, 'baileys socket closed');
    if (code === RESTART_REQUIRED) return reopen(entry);
    if (code === LOGGED_OUT) return giveUp(entry, 'ERR_WAPP_LOGGED_OUT', true);
    if (code === REPLACED) return giveUp(entry, 'ERR_WAPP_CONNECTION_REPLACED', false);
    if (code === FORBIDDEN) return giveUp(entry, 'ERR_WAPP_FORBIDDEN', false);
    // Never scanned (the QR codes ran out): nothing to resume, a new start pairs from scratch.
    if (!paired) return giveUp(entry, 'ERR_WAPP_QR_EXPIRED', true);
    entry.retries += 1;
    if (entry.retries > MAX_RECONNECTS) return giveUp(entry, 'ERR_WAPP_CONNECTION_CLOSED', false);
    await setRetries(services.db, entry.ref, entry.retries);
    // Reconnecting is not down yet: nobody is alerted unless it gives up.
    await setStatus(entry.ref, { status: 'OPENING', onlyFrom: ['CONNECTED', 'OPENING'] });
    entry.cancelReconnect = (deps.reconnectTimer ?? realTimer)(reconnectDelay(entry.retries), () => {
      entry.cancelReconnect = null;
      if (!entry.stopping) void reopen(entry);
    });
  };

  /** A socket for the entry, on its auth state; its events feed this entry while it is the entry's socket. */
  const connect = (entry: Omit<TEntry, 'socket'> & { socket?: TBaileysSocket }) => {
    const log = services.log.child(
      { channel: 'baileys', connectionId: entry.ref.connectionId },
      // Baileys is talkative: warnings and errors only, unless our own logs are quieter still.
      { level: ['silent', 'fatal', 'error'].includes(services.log.level) ? services.log.level : 'warn' },
    );
    const socket = deps.factory({
      auth: entry.auth.state,
      logger: log,
      browser: baileysBrowser('Prosa'),
      proxy: entry.proxy,
    });
    const target = entry as TEntry;
    target.socket = socket;
    const queue = (work: () => Promise<void>) => {
      target.chain = target.chain
        .then(() => (target.socket === socket ? work() : undefined))
        .catch((err: unknown) =>
          services.log.error({ err, connectionId: entry.ref.connectionId }, 'baileys event failed'),
        );
    };
    socket.ev.on('connection.update', (update) => queue(() => onConnection(target, socket, update)));
    socket.ev.on('creds.update', (update) =>
      queue(async () => {
        Object.assign(target.auth.state.creds, update);
        await target.auth.saveCreds();
      }),
    );
    socket.ev.on('messages.upsert', (event) => queue(() => deps.handlers.onMessages(target.ref, socket, event)));
    socket.ev.on('messages.update', (event) => queue(() => deps.handlers.onAcks(target.ref, event)));
    socket.ev.on('messages.reaction', (event) => queue(() => deps.handlers.onReactions(target.ref, event)));
    socket.ev.on('call', (event) => queue(() => deps.handlers.onCalls(target.ref, socket, event)));
    socket.ev.on('messaging-history.set', (event) => queue(() => deps.handlers.onHistory(target.ref, event)));
    socket.ev.on('group-participants.update', (event) =>
      queue(() => deps.handlers.onGroupParticipants(target.ref, event)),
    );
    return target;
  };

  const reopen = async (entry: TEntry) => {
    if (entry.stopping) return;
    entry.open = false;
    connect(entry);
  };

  /** Runs the connection's socket here (through its proxy) when this instance holds (or takes) its lease. */
  const ensure = async (ref: TSessionRef, proxy: TStoredProxy | null): Promise<TEntry | null> => {
    const current = running.get(ref.connectionId);
    if (current) return current;
    if (!(await acquireLease(services.db, ref, instanceId, deps.staleMs))) return null;
    // Checked again: another call of this instance may have started it while the lease was taken.
    const raced = running.get(ref.connectionId);
    if (raced) return raced;
    const auth = await loadDatabaseAuthState(scope(ref), services.log);
    const entry = connect({
      ref,
      auth,
      open: false,
      stopping: false,
      retries: 0,
      cancelReconnect: null,
      qrcode: null,
      waiters: [],
      chain: Promise.resolve(),
      proxy: deps.openProxy(proxy),
      proxyKey: proxyFingerprint(proxy),
    });
    running.set(ref.connectionId, entry);
    return entry;
  };

  const firstState = (entry: TEntry) =>
    new Promise<TSessionState>((resolve) => {
      const timer = setTimeout(() => resolve(state('OPENING')), FIRST_STATE_MS);
      entry.waiters.push((reached) => {
        clearTimeout(timer);
        resolve(reached);
      });
    });

  const refOf = (connection: TConnectionRow): TSessionRef => ({
    tenantId: connection.tenantId,
    connectionId: connection.id,
  });

  /** The session as the row says, when another instance runs it. */
  const asRecorded = (connection: TConnectionRow): TSessionState => {
    const status = ['CONNECTED', 'DISCONNECTED', 'OPENING', 'qrcode'].includes(connection.status)
      ? (connection.status as TSessionState['status'])
      : 'OPENING';
    return state(status, { number: connection.number, qrcode: connection.qrcode });
  };

  const start = async (connection: TConnectionRow): Promise<TSessionState> => {
    const before = running.get(connection.id);
    if (before?.open) return state('CONNECTED', { number: numberOf(before.socket) });
    // The socket renews its QR code every 20 s: the one shown now is the fresh one.
    if (before?.qrcode) return state('qrcode', { qrcode: before.qrcode });
    try {
      const entry = before ?? (await ensure(refOf(connection), connection.proxy));
      if (!entry) return asRecorded(connection);
      return await firstState(entry);
    } catch (error) {
      services.log.warn({ err: error, connectionId: connection.id }, 'baileys session did not start');
      return state('DISCONNECTED', { error: 'ERR_WAPP_NOT_INITIALIZED' });
    }
  };

  /** Ends the session here and forgets its pairing (the phone lists the device until told by the logout). */
  const forget = async (connection: TConnectionRow, logout: boolean) => {
    const ref = refOf(connection);
    const entry = running.get(connection.id);
    if (entry) {
      entry.stopping = true;
      if (logout && entry.open) await entry.socket.logout();
      end(entry);
      await entry.chain;
    } else if (logout && (await leasedElsewhere(services.db, ref, instanceId, deps.staleMs))) {
      return false;
    }
    await wipeAuthState(scope(ref));
    await releaseLease(services.db, ref, instanceId);
    return true;
  };

  /** Renews this instance's leases, stops the sockets whose lease was lost, resumes orphan sessions. */
  const heartbeat = async () => {
    const held = new Set((await renewLeases(services.db, instanceId)).map((row) => row.connectionId));
    for (const entry of [...running.values()])
      if (!held.has(entry.ref.connectionId)) {
        services.log.warn({ connectionId: entry.ref.connectionId }, 'baileys lease lost: socket stopped here');
        end(entry);
      }
    for (const row of await findOrphanSessions(services.db, deps.staleMs))
      if (!running.has(row.id)) await ensure(refOf(row), row.proxy);
    // A proxy changed through another instance: the socket is remade through the new one.
    if (running.size > 0)
      for (const row of await findProxies(services.db, [...running.keys()])) await follow(row, row.proxy);
  };

  /**
   * Remakes a running socket when the connection's proxy is not the one it goes out through: the pairing and
   * the lease stay (no new QR), only the way out changes. An idle connection takes the proxy at its next start.
   */
  const follow = async (ref: TSessionRef, proxy: TStoredProxy | null) => {
    const entry = running.get(ref.connectionId);
    if (!entry || entry.proxyKey === proxyFingerprint(proxy)) return;
    services.log.info({ connectionId: ref.connectionId }, 'baileys proxy changed: socket remade');
    end(entry);
    await entry.chain;
    await ensure(ref, proxy);
  };

  let ticker: NodeJS.Timeout | null = null;
  let beat: Promise<void> = Promise.resolve();
  const tick = () => {
    beat = beat.then(heartbeat).catch((err: unknown) => services.log.error({ err }, 'baileys lease heartbeat failed'));
    return beat;
  };

  return {
    start,
    forget,
    /** The open socket of a connection on this instance. */
    socketOf: (connectionId: number) => {
      const entry = running.get(connectionId);
      return entry?.open ? entry.socket : null;
    },
    /** The socket of a connection this instance runs, open or still pairing. */
    pairingSocketOf: (connectionId: number) => running.get(connectionId)?.socket ?? null,
    /** The connection's proxy changed: its socket here (if any) goes out through the new one. */
    followProxy: (connection: TConnectionRow) => follow(refOf(connection), connection.proxy),
    isLeasedElsewhere: (connection: TConnectionRow) =>
      leasedElsewhere(services.db, refOf(connection), instanceId, deps.staleMs),
    /** Resumes the paired sessions nobody runs, then keeps the leases alive. */
    resume: async () => {
      await tick();
      ticker = setInterval(tick, deps.heartbeatMs);
      ticker.unref();
    },
    /** Shutdown: sockets end (no logout), leases go back so another instance takes over at once. */
    stopAll: async () => {
      if (ticker) clearInterval(ticker);
      await beat;
      const entries = [...running.values()];
      for (const entry of entries) end(entry);
      await Promise.all(entries.map((entry) => entry.chain));
      await releaseAllLeases(services.db, instanceId);
    },
  };
};

export type TBaileysSessions = ReturnType<typeof createBaileysSessions>;
