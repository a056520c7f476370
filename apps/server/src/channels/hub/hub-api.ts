import { callProvider, parseJsonOr } from '../shared/provider-http.js';
import { ChannelSendError } from '../types.js';

/** One content of a Hub message, as the Hub's send takes it (Zenvia-like). */
export type THubContent =
  | { type: 'text'; text: string }
  | { type: 'file'; fileMimeType: string; fileUrl: string; fileCaption?: string };

/** A Hub failure: its status and error body, or no answer at all (status 0: refused, unreachable or timed out). */
export class HubError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly timedOut = false,
  ) {
    super(`NotificaMe Hub ${status}: ${detail}`);
  }

  /** The Hub refused the account's API token. */
  get isCredentials(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** The catalogue code an admin sees when the subscription could not be made. */
  get subscribeReason(): string {
    if (this.status === 0) return 'ERR_HUB_UNREACHABLE';
    if (this.isCredentials) return 'ERR_HUB_TOKEN';
    if (this.status >= 400 && this.status < 500) return 'ERR_HUB_CHANNEL';
    return 'ERR_HUB_UNREACHABLE';
  }

  /**
   * A failed send as the outbound queue takes it. A refused token is the connection itself failing; a refused
   * TCP connection, a 429 or a 5xx is worth another try; a timeout is not (the Hub may have sent it, and it takes
   * no idempotency key); any other 4xx is this message's own fault.
   */
  toSendError(): ChannelSendError {
    if (this.isCredentials) return new ChannelSendError('ERR_HUB_TOKEN', false, true);
    if (this.status === 0)
      return this.timedOut
        ? new ChannelSendError('ERR_SEND_INTERRUPTED', false)
        : new ChannelSendError('ERR_HUB_UNREACHABLE', true);
    return new ChannelSendError('ERR_SENDING_WAPP_MSG', this.status >= 500 || this.status === 429);
  }
}

/** The Hub calls of one account (`X-Api-Token`), over fetch, with a timeout on every call. */
export const createHubClient = (account: { apiUrl: string; apiToken: string }, timeoutMs = 15_000) => {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const { res, text } = await callProvider(
      `${account.apiUrl}${path}`,
      { method, headers: { 'x-api-token': account.apiToken, accept: 'application/json' }, body, timeoutMs },
      (detail, timedOut) => new HubError(0, detail, timedOut),
    );
    if (!res.ok) throw new HubError(res.status, text.slice(0, 300));
    return parseJsonOr(text, {}) as T;
  };

  return {
    /** `POST /channels/{channel}/messages`: from the channel's token to the customer; the Hub's message id back. */
    send: (channel: string, message: { from: string; to: string; contents: THubContent[] }) =>
      call<{ id?: unknown }>('POST', `/channels/${encodeURIComponent(channel)}/messages`, message),
    /** `POST /subscriptions`: the channel's events (messages, statuses) to our webhook. */
    subscribe: (channelToken: string, url: string) =>
      call<{ id?: unknown }>('POST', '/subscriptions', { criteria: { channel: channelToken }, webhook: { url } }),
    /** `DELETE /subscriptions/{id}` (assumed, as Zenvia's): our webhook stops. */
    unsubscribe: (id: string) => call<unknown>('DELETE', `/subscriptions/${encodeURIComponent(id)}`),
  };
};

export type THubClient = ReturnType<typeof createHubClient>;
