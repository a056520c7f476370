import { proxyParts, type TProxyRoute } from '../../platform/proxy.js';
import { callProvider, parseJsonOr } from '../shared/provider-http.js';
import { ChannelSendError } from '../types.js';
import { evolutionGroupCalls } from './evolution-groups-api.js';

/** Where one connection's session lives: the gateway, its global API key and the instance's name there. */
export type TEvolutionGateway = { baseUrl: string; apiKey: string; instance: string };

/**
 * An Evolution API failure: its error body (`{ status, error, response: { message } }`), or no answer at all
 * (status 0: refused, unreachable or timed out).
 */
export class EvolutionError extends Error {
  constructor(
    readonly status: number,
    readonly details: unknown,
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }

  /** The number is not on WhatsApp: Evolution answers 400 with `[{ exists: false, jid, number }]`. */
  get isInvalidNumber(): boolean {
    return (
      this.status === 400 &&
      Array.isArray(this.details) &&
      this.details.some((item) => (item as { exists?: unknown } | null)?.exists === false)
    );
  }

  /**
   * A 404 about a group (a send to a group our number is not in, a group route that could not read the group),
   * not about the instance: the connection itself is fine.
   */
  get isGroupMissing(): boolean {
    const said = JSON.stringify(this.details);
    return this.status === 404 && /group|participants/i.test(said) && !/instance does not exist/i.test(said);
  }

  /** The catalogue code an admin or agent sees. */
  get reason(): string {
    if (this.status === 0) return this.timedOut ? 'ERR_SEND_INTERRUPTED' : 'ERR_EVOLUTION_UNREACHABLE';
    if (this.status === 401) return 'ERR_EVOLUTION_API_KEY';
    if (this.isGroupMissing) return 'ERR_GROUP_NOT_FOUND';
    // The instance is not on the gateway (deleted there, or another gateway's address saved).
    if (this.status === 404) return 'ERR_WAPP_NOT_INITIALIZED';
    if (this.isInvalidNumber) return 'ERR_WAPP_INVALID_CONTACT';
    if (this.status === 400 && /connection closed/i.test(JSON.stringify(this.details)))
      return 'ERR_WAPP_NOT_INITIALIZED';
    return 'ERR_SENDING_WAPP_MSG';
  }

  /**
   * A failed send as the outbound queue takes it. A refused key or a missing instance is the connection
   * itself failing; a refused TCP connection or a 5xx is worth another try; a timeout is not (the gateway may
   * have sent it, and Evolution takes no idempotency key).
   */
  toSendError(): ChannelSendError {
    const reason = this.reason;
    if (this.status === 401 || (this.status === 404 && !this.isGroupMissing))
      return new ChannelSendError(reason, false, true);
    if (this.status === 0) return new ChannelSendError(reason, !this.timedOut);
    const closed = this.status === 400 && reason === 'ERR_WAPP_NOT_INITIALIZED';
    return new ChannelSendError(reason, this.status >= 500 || closed);
  }
}

/** A message as Evolution answers a send (and stores it): Baileys' WAMessage, flattened. */
export type TEvolutionMessage = {
  key: { remoteJid: string; fromMe: boolean; id: string };
  status?: string;
  messageType?: string;
  messageTimestamp?: number | string;
};

export type TEvolutionQr = { pairingCode?: string | null; code?: string; base64?: string; count?: number };
export type TEvolutionState = 'open' | 'connecting' | 'close' | 'refused';

/** The events our webhook takes (Evolution's config names, UPPER_SNAKE). */
export const evolutionWebhookEvents = [
  'QRCODE_UPDATED',
  'CONNECTION_UPDATE',
  'MESSAGES_UPSERT',
  'MESSAGES_UPDATE',
  'CALL',
  'GROUP_PARTICIPANTS_UPDATE',
];

/** Evolution's instance settings (`/settings/find`); `/settings/set` wants every flag. */
export type TEvolutionSettings = {
  rejectCall: boolean;
  msgCall?: string | null;
  groupsIgnore: boolean;
  alwaysOnline: boolean;
  readMessages: boolean;
  readStatus: boolean;
  syncFullHistory: boolean;
  /** Evolution's voice-call token, kept as it is (the schema takes a string only). */
  wavoipToken?: string | null;
};

/** One call to the gateway: the answer's JSON, or an EvolutionError. */
export type TEvolutionCall = <T>(method: string, path: string, body?: unknown, timeout?: number) => Promise<T>;

/** The Evolution API v2 calls of one instance, over fetch, with a timeout on every call. */
export const createEvolutionClient = (gateway: TEvolutionGateway, timeoutMs = 15_000) => {
  const instance = encodeURIComponent(gateway.instance);
  const call: TEvolutionCall = async <T>(method: string, path: string, body?: unknown, timeout = timeoutMs) => {
    const { res, text } = await callProvider(
      `${gateway.baseUrl}/${path}`,
      { method, headers: { apikey: gateway.apiKey }, body, timeoutMs: timeout },
      (detail, timedOut) => new EvolutionError(0, null, detail, timedOut),
    );
    // `/settings/find` answers `null` for an instance without settings.
    const json = parseJsonOr(text, {}) as
      | ({
          error?: unknown;
          message?: unknown;
          response?: { message?: unknown };
        } & T)
      | null;
    if (!res.ok) {
      const details = json?.response?.message ?? null;
      throw new EvolutionError(res.status, details, `HTTP ${res.status}: ${JSON.stringify(details)}`);
    }
    // Some routes (connect, restart) catch their own failures and answer 200 `{ error: true, message }`.
    if (json?.error === true) throw new EvolutionError(500, json.message ?? null, `gateway: ${String(json.message)}`);
    return json as T;
  };

  return {
    /** A new Baileys instance, not connecting yet (the webhook is registered before the first QR). */
    createInstance: () =>
      call<{ instance: { instanceName: string; instanceId: string; status: string }; hash: string }>(
        'POST',
        'instance/create',
        {
          instanceName: gateway.instance,
          integration: 'WHATSAPP-BAILEYS',
          qrcode: false,
          // Group messages and members joining or leaving (the group tools) reach our webhook.
          groupsIgnore: false,
          readMessages: false,
        },
      ),
    connectionState: async () =>
      (await call<{ instance: { state: TEvolutionState } }>('GET', `instance/connectionState/${instance}`)).instance
        .state,
    /**
     * The QR to scan (a new session starts when there is none), or `{ instance: { state: 'open' } }`; with a
     * number, also the code to type on that phone instead.
     */
    connect: (number?: string) =>
      call<TEvolutionQr & { instance?: { state?: string } }>(
        'GET',
        `instance/connect/${instance}${number ? `?number=${encodeURIComponent(number)}` : ''}`,
      ),
    logout: () => call<unknown>('DELETE', `instance/logout/${instance}`),
    deleteInstance: () => call<unknown>('DELETE', `instance/delete/${instance}`),
    /** Where the gateway posts this instance's events, with the headers it must send along. */
    setWebhook: (url: string, headers: Record<string, string>) =>
      call<unknown>('POST', `webhook/set/${instance}`, {
        webhook: { enabled: true, url, events: evolutionWebhookEvents, byEvents: false, base64: false, headers },
      }),
    /**
     * The proxy the instance's WhatsApp socket goes out through, or none. Evolution tries an enabled proxy
     * before keeping it (400 "Invalid proxy" when it cannot go out through it).
     */
    setProxy: (proxy: TProxyRoute | null) => {
      if (!proxy) return call<unknown>('POST', `proxy/set/${instance}`, { enabled: false });
      return call<unknown>('POST', `proxy/set/${instance}`, {
        enabled: true,
        ...proxyParts(proxy),
        username: proxy.username ?? '',
        password: proxy.password ?? '',
      });
    },
    settings: () => call<TEvolutionSettings | null>('GET', `settings/find/${instance}`),
    setSettings: (settings: TEvolutionSettings) => call<unknown>('POST', `settings/set/${instance}`, settings),
    sendText: (body: Record<string, unknown>) => call<TEvolutionMessage>('POST', `message/sendText/${instance}`, body),
    // Files travel as base64 in the JSON body: a minute for large ones.
    sendMedia: (body: Record<string, unknown>) =>
      call<TEvolutionMessage>('POST', `message/sendMedia/${instance}`, body, 60_000),
    sendVoiceNote: (body: Record<string, unknown>) =>
      call<TEvolutionMessage>('POST', `message/sendWhatsAppAudio/${instance}`, body, 60_000),
    markRead: (keys: { remoteJid: string; fromMe: boolean; id: string }[]) =>
      call<unknown>('POST', `chat/markMessageAsRead/${instance}`, { readMessages: keys }),
    /** The bytes of a received file, which the gateway downloads and decrypts from WhatsApp. */
    mediaOf: (messageId: string) =>
      call<{ base64?: string; mimetype?: string; fileName?: string | null }>(
        'POST',
        `chat/getBase64FromMediaMessage/${instance}`,
        { message: { key: { id: messageId } }, convertToMp4: false },
        60_000,
      ),
    ...evolutionGroupCalls(call, instance),
  };
};

export type TEvolutionClient = ReturnType<typeof createEvolutionClient>;
