import { callProvider, parseJsonOr } from '../shared/provider-http.js';
import { ChannelSendError } from '../types.js';
import { wuzapiGroupCalls } from './wuzapi-groups-api.js';

/** Where one connection's session lives: the wuzapi server, its admin token and the token of our user there. */
export type TWuzapiServer = { baseUrl: string; adminToken: string; userToken: string };

/**
 * A wuzapi failure: its error body (`{ code, error, success: false }`), or no answer at all (status 0: refused,
 * unreachable or timed out). `admin` says whether the call used the admin token (`/admin/...`) or the user's.
 */
export class WuzapiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly admin: boolean,
    readonly timedOut = false,
  ) {
    super(`wuzapi ${status}: ${detail}`);
  }

  /** The user has no live WhatsApp client on the server (never connected, logged out, QR timed out). */
  get isNoSession(): boolean {
    return this.status >= 500 && /no session|not connected|not logged in/i.test(this.detail);
  }

  /** The catalogue code an admin or agent sees. */
  get reason(): string {
    if (this.status === 0) return this.timedOut ? 'ERR_SEND_INTERRUPTED' : 'ERR_WUZAPI_UNREACHABLE';
    // A refused user token: the user was deleted on the server (or the server's database replaced).
    if (this.status === 401) return this.admin ? 'ERR_WUZAPI_ADMIN_TOKEN' : 'ERR_WAPP_NOT_INITIALIZED';
    if (this.isNoSession) return 'ERR_WAPP_NOT_INITIALIZED';
    if (this.status === 400 && /phone|jid|recipient/i.test(this.detail)) return 'ERR_WAPP_INVALID_CONTACT';
    return 'ERR_SENDING_WAPP_MSG';
  }

  /**
   * A failed send as the outbound queue takes it. A refused token is the connection itself failing; a refused
   * TCP connection, a session reconnecting or a 5xx is worth another try; a timeout is not (the server may
   * have sent it); a 400 (bad number, bad file) never is.
   */
  toSendError(): ChannelSendError {
    const reason = this.reason;
    if (this.status === 401) return new ChannelSendError(reason, false, true);
    if (this.status === 0) return new ChannelSendError(reason, !this.timedOut);
    return new ChannelSendError(reason, this.status >= 500);
  }
}

export type TWuzapiUser = { id: string; name: string; token: string };
export type TWuzapiStatus = { connected: boolean; loggedIn: boolean; jid: string | null };
export type TWuzapiSent = { Id?: string; Details?: string; Timestamp?: unknown };

/**
 * The events our webhook takes (wuzapi's type names). wuzapi keeps the ones it knows and drops the others
 * ("Event type discarded"): releases before Connected/LoggedOut/QR were webhooks still send messages and receipts.
 */
export const wuzapiSubscriptions = [
  'Message',
  'ReadReceipt',
  'Connected',
  'Disconnected',
  'LoggedOut',
  'PairSuccess',
  'QR',
  'QRTimeout',
  'TemporaryBan',
  'ConnectFailure',
  'CallOffer',
  // Members joining, leaving, promoted or demoted (whatsmeow's events.GroupInfo): the group tools act on them.
  'GroupInfo',
];
/** What a user is created with: the two types every wuzapi release validates on `POST /admin/users`. */
export const wuzapiCreateEvents = 'Message,ReadReceipt';

/** The number of a linked device's JID (`5511940001000:12@s.whatsapp.net`, `5511940001000.0:12@...`), with `+`. */
export const wuzapiNumber = (jid: unknown) => {
  const user = typeof jid === 'string' ? (jid.split('@')[0]?.split(':')[0]?.split('.')[0] ?? '') : '';
  return /^\d{8,15}$/.test(user) ? `+${user}` : null;
};

/**
 * A field of a Go JSON value whatever its case: wuzapi renamed `Connected` to `connected` along the way, and
 * whatsmeow's protobuf JSON says `stanzaID`/`PTT` where older releases said `stanzaId`/`ptt`.
 */
export const field = (data: unknown, name: string): unknown => {
  if (!data || typeof data !== 'object') return undefined;
  const key = Object.keys(data).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (data as Record<string, unknown>)[key];
};

const readUser = (item: unknown): TWuzapiUser | null => {
  const id = field(item, 'id');
  const token = field(item, 'token');
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof token !== 'string') return null;
  return { id: String(id), name: String(field(item, 'name') ?? ''), token };
};

/** What wuzapi needs to fetch a received file from WhatsApp: the media fields of the message, as whatsmeow names them. */
export type TWuzapiDownload = {
  kind: 'image' | 'video' | 'audio' | 'document';
  Url: string;
  DirectPath: string;
  MediaKey: string;
  Mimetype: string;
  FileSHA256: string;
  FileEncSHA256: string;
  FileLength: number;
};

/** One call to the server: the answer's `data` (or the bare value of older admin routes), or a WuzapiError. */
export type TWuzapiCall = <T>(
  method: string,
  path: string,
  options?: { body?: unknown; admin?: boolean; timeout?: number },
) => Promise<T>;

/** The wuzapi calls of one connection, over fetch, with a timeout on every call. */
export const createWuzapiClient = (server: TWuzapiServer, timeoutMs = 15_000) => {
  const call: TWuzapiCall = async <T>(
    method: string,
    path: string,
    options: { body?: unknown; admin?: boolean; timeout?: number } = {},
  ): Promise<T> => {
    const admin = options.admin === true;
    const { res, text } = await callProvider(
      `${server.baseUrl}${path}`,
      {
        method,
        headers: admin ? { authorization: server.adminToken } : { token: server.userToken },
        body: options.body,
        timeoutMs: options.timeout ?? timeoutMs,
      },
      (detail, timedOut) => new WuzapiError(0, detail, admin, timedOut),
    );
    const json = parseJsonOr(text, null);
    if (!res.ok || field(json, 'success') === false) {
      const detail = field(json, 'error');
      throw new WuzapiError(res.ok ? 500 : res.status, typeof detail === 'string' ? detail : text.slice(0, 200), admin);
    }
    // Answers are wrapped `{ code, data, success }`; older admin routes answer the bare value.
    const data = field(json, 'data');
    return (data === undefined ? json : data) as T;
  };

  return {
    listUsers: async () => {
      const data = await call<unknown>('GET', '/admin/users', { admin: true });
      return (Array.isArray(data) ? data : []).map(readUser).filter((user): user is TWuzapiUser => user !== null);
    },
    /** A new user; wuzapi answers 409 when a user already has this token. */
    addUser: (body: { name: string; token: string; webhook: string; events: string }) =>
      call<unknown>('POST', '/admin/users', { admin: true, body }),
    deleteUser: (id: string) => call<unknown>('DELETE', `/admin/users/${encodeURIComponent(id)}`, { admin: true }),
    /** The key the user's webhooks are signed with (releases since mid-2025; older ones answer 404). */
    setHmacKey: (key: string) => call<unknown>('POST', '/session/hmac/config', { body: { hmac_key: key } }),
    setWebhook: (url: string) => call<unknown>('POST', '/webhook', { body: { webhookURL: url } }),
    /** Starts the WhatsApp client: a QR code to read when the user never paired. Answers at once (Immediate). */
    connect: () =>
      call<unknown>('POST', '/session/connect', { body: { Subscribe: wuzapiSubscriptions, Immediate: true } }),
    status: async (): Promise<TWuzapiStatus> => {
      const data = await call<unknown>('GET', '/session/status');
      const jid = field(data, 'jid');
      return {
        connected: field(data, 'connected') === true,
        loggedIn: field(data, 'loggedIn') === true,
        jid: typeof jid === 'string' && jid ? jid : null,
      };
    },
    /** The QR code as a PNG data URL, or '' while the client has not made one yet. */
    qr: async () => {
      const code = field(await call<unknown>('GET', '/session/qr'), 'QRCode');
      return typeof code === 'string' ? code : '';
    },
    pairPhone: async (phone: string) => {
      const code = field(await call<unknown>('POST', '/session/pairphone', { body: { Phone: phone } }), 'LinkingCode');
      return typeof code === 'string' ? code : '';
    },
    logout: () => call<unknown>('POST', '/session/logout'),
    sendText: (body: Record<string, unknown>) => call<TWuzapiSent>('POST', '/chat/send/text', { body }),
    // Files travel as data URLs in the JSON body: a minute for large ones.
    sendMedia: (kind: 'image' | 'audio' | 'video' | 'document', body: Record<string, unknown>) =>
      call<TWuzapiSent>('POST', `/chat/send/${kind}`, { body, timeout: 60_000 }),
    /**
     * A received file's bytes, downloaded and decrypted by wuzapi from WhatsApp (`/chat/download<kind>`), for a
     * webhook that carried none: `{ Mimetype, Data }` with the bytes as a data URL. Files take up to a minute.
     */
    downloadMedia: (kind: TWuzapiDownload['kind'], body: Omit<TWuzapiDownload, 'kind'>) =>
      call<{ Mimetype?: string; Data?: string }>('POST', `/chat/download${kind}`, { body, timeout: 60_000 }),
    markRead: (body: { Id: readonly string[]; Chat: string; Sender: string }) =>
      call<unknown>('POST', '/chat/markread', { body }),
    presence: (body: { Phone: string; State: 'composing' | 'paused'; Media: '' | 'audio' }) =>
      call<unknown>('POST', '/chat/presence', { body }),
    /** Refuses a call (`Phone`: the caller's JID as the call named it, `ID`: the call's). */
    rejectCall: (body: { Phone: string; ID: string }) => call<unknown>('POST', '/call/reject', { body }),
    ...wuzapiGroupCalls(call),
  };
};

export type TWuzapiClient = ReturnType<typeof createWuzapiClient>;
