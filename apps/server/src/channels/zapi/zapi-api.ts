import { callProvider, parseJsonOr } from '../shared/provider-http.js';
import { ChannelSendError } from '../types.js';
import { zapiGroupCalls } from './zapi-groups-api.js';

/** One connection's instance on Z-API: the API root, the instance's id and token (in every URL), the Client-Token. */
export type TZapiInstance = { apiUrl: string; instanceId: string; instanceToken: string; clientToken: string };

/**
 * A Z-API failure: its status and error body (`{ error, message? }`), or no answer at all (status 0: refused,
 * unreachable or timed out).
 */
export class ZapiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly timedOut = false,
  ) {
    super(`Z-API ${status}: ${detail}`);
  }

  /**
   * The instance or the account refused us: an unknown instance id or token (404), a missing or wrong
   * Client-Token (401/403, or 400 "<token> not allowed").
   */
  get isCredentials(): boolean {
    return (
      this.status === 401 ||
      this.status === 403 ||
      this.status === 404 ||
      (this.status === 400 && /not allowed/i.test(this.detail))
    );
  }

  /** The number is not paired (logged out, or never scanned): nothing goes out until it is again. */
  get isNotConnected(): boolean {
    return this.status >= 400 && this.status < 500 && /not connected/i.test(this.detail);
  }

  /** The catalogue code an admin or agent sees. */
  get reason(): string {
    if (this.status === 0) return this.timedOut ? 'ERR_SEND_INTERRUPTED' : 'ERR_ZAPI_UNREACHABLE';
    if (this.isCredentials) return 'ERR_ZAPI_CREDENTIALS';
    if (this.isNotConnected) return 'ERR_WAPP_NOT_INITIALIZED';
    return 'ERR_SENDING_WAPP_MSG';
  }

  /**
   * A failed send as the outbound queue takes it. Refused credentials or an unpaired number are the
   * connection itself failing; a refused TCP connection, a 429 or a 5xx is worth another try; a timeout is not
   * (Z-API may have sent it, and it takes no idempotency key); any other 4xx is this message's own fault.
   */
  toSendError(): ChannelSendError {
    const reason = this.reason;
    if (this.isCredentials || this.isNotConnected) return new ChannelSendError(reason, false, true);
    if (this.status === 0) return new ChannelSendError(reason, !this.timedOut);
    return new ChannelSendError(reason, this.status >= 500 || this.status === 429);
  }
}

/** What every send answers: Z-API's own id, WhatsApp's message id (acks name this one) and `id` (the same). */
export type TZapiSent = { zaapId?: string; messageId?: string; id?: string };
export type TZapiStatus = { connected?: boolean; smartphoneConnected?: boolean; error?: string };

/** The send routes we use; a document's route carries its extension (`send-document/pdf`). */
export type TZapiSendMethod = 'send-text' | 'send-image' | 'send-audio' | 'send-video' | `send-document/${string}`;

/** One call under the instance's root: its JSON answer, or a ZapiError. */
export type TZapiCall = <T>(method: string, path: string, body?: unknown, timeout?: number) => Promise<T>;

/** The Z-API calls of one instance, over fetch, with a timeout on every call. */
export const createZapiClient = (instance: TZapiInstance, timeoutMs = 15_000) => {
  const root = `${instance.apiUrl}/instances/${encodeURIComponent(instance.instanceId)}/token/${encodeURIComponent(instance.instanceToken)}`;
  const call: TZapiCall = async <T>(method: string, path: string, body?: unknown, timeout = timeoutMs): Promise<T> => {
    const { res, text } = await callProvider(
      `${root}/${path}`,
      { method, headers: { 'client-token': instance.clientToken }, body, timeoutMs: timeout },
      (detail, timedOut) => new ZapiError(0, detail, timedOut),
    );
    // An answer that is not JSON (a proxy's error page) becomes the error's detail.
    const json = text ? parseJsonOr(text, { error: text.slice(0, 200) }) : {};
    if (!res.ok) {
      const { error, message } = (json ?? {}) as { error?: unknown; message?: unknown };
      throw new ZapiError(res.status, [error, message].filter((part) => typeof part === 'string').join(': '));
    }
    return json as T;
  };

  return {
    status: () => call<TZapiStatus>('GET', 'status'),
    /** The paired phone: its number (digits) and profile name. */
    device: () => call<{ phone?: string; name?: string }>('GET', 'device'),
    /** The QR code to scan as an image (`value`: a PNG data URL); an instance already paired says `connected`. */
    qrCodeImage: () => call<{ value?: string; connected?: boolean }>('GET', 'qr-code/image'),
    /** A code to type on that phone instead of reading the QR code. */
    phoneCode: (phone: string) =>
      call<{ code?: string; value?: string }>('GET', `phone-code/${encodeURIComponent(phone)}`),
    disconnect: () => call<unknown>('GET', 'disconnect'),
    /** Every webhook of the instance (received, delivery, status, connected, disconnected...) to one URL. */
    setWebhooks: (url: string) =>
      call<{ value?: boolean }>('PUT', 'update-every-webhooks', { value: url, notifySentByMe: false }),
    // Files travel as base64 data URLs in the JSON body: a minute for large ones.
    send: (method: TZapiSendMethod, body: Record<string, unknown>) =>
      call<TZapiSent>('POST', method, body, method === 'send-text' ? timeoutMs : 60_000),
    readMessage: (phone: string, messageId: string) => call<unknown>('POST', 'read-message', { phone, messageId }),
    ...zapiGroupCalls(call),
  };
};

export type TZapiClient = ReturnType<typeof createZapiClient>;
