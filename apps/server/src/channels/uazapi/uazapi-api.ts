import { ChannelSendError } from '../types.js';
import { type TUazapiCall, uazapiGroupCalls } from './uazapi-groups-api.js';

/**
 * A uazapiGO failure: its status and error body (`{ error }`), or no answer at all (status 0: refused,
 * unreachable or timed out). `admin` marks a call made with the admin token.
 */
export class UazapiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly timedOut = false,
    readonly admin = false,
  ) {
    super(`uazapi ${status}: ${detail}`);
  }

  /**
   * The instance is not there for us: its token refused (deleted on the server) or not found. A 401 that says
   * "No session" is an instance that exists but is not paired.
   */
  get isInstanceGone(): boolean {
    return !this.admin && (this.status === 401 || this.status === 404) && !this.isNotConnected;
  }

  /** The number is not paired (logged out, or never scanned): uazapi says "No session" (401 or 500). */
  get isNotConnected(): boolean {
    return this.status >= 400 && /no session|not connected|disconnected|not logged/i.test(this.detail);
  }

  /** The catalogue code an admin or agent sees. */
  get reason(): string {
    if (this.status === 0) return this.timedOut ? 'ERR_SEND_INTERRUPTED' : 'ERR_UAZAPI_UNREACHABLE';
    if (this.admin && (this.status === 401 || this.status === 403)) return 'ERR_UAZAPI_ADMIN_TOKEN';
    if (this.isInstanceGone || this.isNotConnected) return 'ERR_WAPP_NOT_INITIALIZED';
    if (
      this.status === 400 &&
      /not on whatsapp|not registered|invalid (phone|number)|does not exist/i.test(this.detail)
    )
      return 'ERR_WAPP_INVALID_CONTACT';
    return 'ERR_SENDING_WAPP_MSG';
  }

  /**
   * A failed send as the outbound queue takes it. A refused token or an unpaired number is the connection
   * itself failing; a refused TCP connection, a 429 or a 5xx is worth another try; a timeout is not (uazapi
   * may have sent it, and it takes no idempotency key); any other 4xx is this message's own fault.
   */
  toSendError(): ChannelSendError {
    const reason = this.reason;
    if (this.isInstanceGone || this.isNotConnected) return new ChannelSendError(reason, false, true);
    if (this.status === 0) return new ChannelSendError(reason, !this.timedOut);
    return new ChannelSendError(reason, this.status >= 500 || this.status === 429);
  }
}

/** An instance as uazapi describes it (the fields we read). */
export type TUazapiInstance = {
  name?: string;
  status?: 'disconnected' | 'connecting' | 'connected' | string;
  qrcode?: string;
  paircode?: string;
  owner?: string;
  profileName?: string;
};

/** What `/instance/status` and `/instance/connect` answer: the instance and, once logged in, the number's JID. */
export type TUazapiState = {
  connected?: boolean;
  loggedIn?: boolean;
  jid?: { user?: string } | string | null;
  instance?: TUazapiInstance;
  status?: { connected?: boolean; loggedIn?: boolean; jid?: { user?: string } | string | null };
};

/** A message as uazapi stores and answers it after a send: `messageid` is WhatsApp's id (acks and quotes name it). */
export type TUazapiMessage = { id?: string; messageid?: string; status?: string };

/**
 * The events our webhook takes (`groups`: members joining and leaving, for the group tools), and our own sends
 * left out (their echo would come back as customer messages).
 */
export const uazapiWebhookEvents = ['messages', 'messages_update', 'connection', 'call', 'groups'];

const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** One call to a uazapi server, over fetch with a timeout; a non-2xx answer is a UazapiError with its `error`. */
const callUazapi = async <T>(
  baseUrl: string,
  headers: Record<string, string>,
  request: { method: string; path: string; body?: unknown; timeoutMs: number; admin?: boolean },
): Promise<T> => {
  const admin = request.admin === true;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: { ...headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw new UazapiError(0, `network: ${(error as Error).message}`, isTimeout(error), admin);
  }
  const text = await res.text().catch(() => '');
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { error: text.slice(0, 200) };
  }
  if (!res.ok) {
    const error = (json as { error?: unknown } | null)?.error;
    throw new UazapiError(res.status, typeof error === 'string' ? error : `HTTP ${res.status}`, false, admin);
  }
  return json as T;
};

/** The admin calls of a uazapi server (header `admintoken`): only making instances. */
export const createUazapiAdminClient = (server: { baseUrl: string; adminToken: string }, timeoutMs = 15_000) => ({
  /** A new instance, disconnected, with a token of its own for every other call. */
  init: (name: string) =>
    callUazapi<{ token?: string; name?: string; instance?: TUazapiInstance }>(
      server.baseUrl,
      { admintoken: server.adminToken },
      { method: 'POST', path: '/instance/init', body: { name, systemName: 'Prosa' }, timeoutMs, admin: true },
    ),
});

/** The calls of one instance (header `token`). */
export const createUazapiClient = (instance: { baseUrl: string; token: string }, timeoutMs = 15_000) => {
  const call: TUazapiCall = <T>(method: string, path: string, body?: unknown, timeout = timeoutMs) =>
    callUazapi<T>(instance.baseUrl, { token: instance.token }, { method, path, body, timeoutMs: timeout });
  return {
    status: () => call<TUazapiState>('GET', '/instance/status'),
    /** Starts pairing: a QR code (`instance.qrcode`), or with a phone also a code to type (`instance.paircode`). */
    connect: (phone?: string) => call<TUazapiState>('POST', '/instance/connect', phone ? { phone } : {}),
    disconnect: () => call<unknown>('POST', '/instance/disconnect'),
    deleteInstance: () => call<unknown>('DELETE', '/instance'),
    /** The instance's single webhook ("simple mode": no id, no action), set again on every start. */
    setWebhook: (url: string) =>
      call<unknown>('POST', '/webhook', {
        enabled: true,
        url,
        events: uazapiWebhookEvents,
        excludeMessages: ['wasSentByApi'],
        addUrlEvents: false,
        addUrlTypesMessages: false,
      }),
    sendText: (body: Record<string, unknown>) => call<TUazapiMessage>('POST', '/send/text', body),
    // Files travel as base64 in the JSON body: a minute for large ones.
    sendMedia: (body: Record<string, unknown>) => call<TUazapiMessage>('POST', '/send/media', body, 60_000),
    markRead: (ids: readonly string[]) => call<unknown>('POST', '/message/markread', { id: ids }),
    presence: (number: string, presence: string) => call<unknown>('POST', '/message/presence', { number, presence }),
    /** Refuses a call it reported (`number`: the caller as the call named them, `id`: the call's). */
    rejectCall: (number: string, id: string) => call<unknown>('POST', '/call/reject', { number, id }),
    /** A received file's bytes, decrypted by the server; audio kept as sent (no MP3 conversion). */
    download: (messageId: string) =>
      call<{ base64Data?: string; mimetype?: string }>(
        'POST',
        '/message/download',
        { id: messageId, return_base64: true, return_link: false, generate_mp3: false },
        60_000,
      ),
    ...uazapiGroupCalls(call),
  };
};

export type TUazapiClient = ReturnType<typeof createUazapiClient>;
