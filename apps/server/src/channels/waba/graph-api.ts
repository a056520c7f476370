import { ChannelSendError } from '../types.js';

/** The credentials of one Cloud API number, opened from the connection's sealed settings. */
export type TWabaCredentials = { phoneNumberId: string; wabaId: string; accessToken: string };

/**
 * Meta's refusals of the number itself, as catalogue codes (campaigns pause on them); undefined for others.
 * Throttling: 4 (the app's calls), 80007 (the account's), 130429 (the number's throughput). Quality: 131048 (spam
 * rate limit) and 368 (blocked for a policy violation). Refusals about one customer are not the number's: 131056
 * (too many messages to that one number; tried again) and 131049 (Meta's cap of marketing messages per person)
 * fail that send alone, and a campaign goes on to the others.
 */
export const wabaLimitReason = (code: number | null): string | undefined => {
  if (code === 4 || code === 80007 || code === 130429) return 'ERR_WABA_RATE_LIMIT';
  if (code === 131048 || code === 368) return 'ERR_WABA_QUALITY';
  return undefined;
};

/** A Graph API error as Meta sends it: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }

  /** Worth another try later: Meta or the network is unwell, or the number is throttled. */
  get retryable(): boolean {
    // 4 / 80007 / 130429: rate limits; 131056: one customer's pair limit; 1, 2: temporary API errors; 131000:
    // something went wrong.
    return (
      this.status === 0 ||
      this.status === 429 ||
      this.status >= 500 ||
      [1, 2, 4, 80007, 130429, 131000, 131056].includes(this.code ?? -1)
    );
  }

  /** The error catalogue code an agent sees on the failed message. */
  get reason(): string {
    if (this.status === 401 || this.code === 190) return 'ERR_WABA_TOKEN_INVALID';
    if (this.code === 131047) return 'ERR_WABA_OUTSIDE_WINDOW';
    if (this.code === 131026 || this.code === 100) return 'ERR_WAPP_INVALID_CONTACT';
    return 'ERR_SENDING_WAPP_MSG';
  }

  toSendError(): ChannelSendError {
    // A refused token is the connection itself failing: it goes down and the admins hear of it.
    // A WhatsApp number's throttling and quality refusals are named (campaigns pause on them).
    const reason = this.reason === 'ERR_SENDING_WAPP_MSG' ? (wabaLimitReason(this.code) ?? this.reason) : this.reason;
    return new ChannelSendError(reason, this.retryable, reason === 'ERR_WABA_TOKEN_INVALID');
  }
}

export type TGraphMessageResponse = {
  messaging_product: 'whatsapp';
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string }[];
};

export type TGraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string; format?: string }[];
};

/**
 * One Graph API call with a token, over fetch, with a timeout: the JSON answer, or a GraphError (Meta's
 * error envelope, an HTTP failure, or the network). Shared by every Graph API channel.
 */
export const createGraphRequest = (baseUrl: string, accessToken: string, timeoutMs = 15_000) => {
  return async <T>(method: string, path: string, body?: unknown | FormData): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GraphError(0, null, `network: ${(error as Error).message}`);
    }
    const json = (await res.json().catch(() => ({}))) as { error?: { message?: string; code?: number } } & T;
    if (!res.ok || json.error) {
      throw new GraphError(res.status, json.error?.code ?? null, json.error?.message ?? `HTTP ${res.status}`);
    }
    return json;
  };
};

/** Cloud API calls of one number, over fetch, with a timeout on every call. */
export const createGraphClient = (baseUrl: string, credentials: TWabaCredentials, timeoutMs = 15_000) => {
  const call = createGraphRequest(baseUrl, credentials.accessToken, timeoutMs);

  return {
    /** POST /{phone-number-id}/messages: any message object of the Cloud API. */
    sendMessage: (message: Record<string, unknown>) =>
      call<TGraphMessageResponse>('POST', `${credentials.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...message,
      }),
    /** The number behind the credentials: proves the token and the id go together. */
    phoneNumber: () =>
      call<{ id: string; display_phone_number?: string; verified_name?: string }>(
        'GET',
        `${credentials.phoneNumberId}?fields=display_phone_number,verified_name`,
      ),
    /** The blue ticks on the customer's side for one of their messages. */
    markRead: (messageId: string) =>
      call<{ success: boolean }>('POST', `${credentials.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
      }),
    /** Uploads a file for sending; Meta answers a media id valid for 30 days. */
    uploadMedia: async (bytes: Buffer, mime: string, name: string) => {
      const form = new FormData();
      form.append('messaging_product', 'whatsapp');
      form.append('type', mime);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), name);
      return call<{ id: string }>('POST', `${credentials.phoneNumberId}/media`, form);
    },
    /** An inbound media id -> a short-lived URL, then its bytes (the URL wants the same token). */
    downloadMedia: async (mediaId: string) => {
      const info = await call<{ url: string; mime_type: string; file_size?: number }>('GET', mediaId);
      let res: Response;
      try {
        res = await fetch(info.url, {
          headers: { authorization: `Bearer ${credentials.accessToken}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new GraphError(0, null, `network: ${(error as Error).message}`);
      }
      if (!res.ok) throw new GraphError(res.status, null, `media download: HTTP ${res.status}`);
      return { bytes: Buffer.from(await res.arrayBuffer()), mime: info.mime_type };
    },
    /** The account's message templates, every page of them. */
    listTemplates: async () => {
      const all: TGraphTemplate[] = [];
      let path: string | null = `${credentials.wabaId}/message_templates?limit=100`;
      for (let page = 0; path && page < 20; page += 1) {
        const res: { data: TGraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } } = await call(
          'GET',
          path,
        );
        all.push(...res.data);
        const after = res.paging?.next ? res.paging.cursors?.after : undefined;
        path = after ? `${credentials.wabaId}/message_templates?limit=100&after=${encodeURIComponent(after)}` : null;
      }
      return all;
    },
  };
};

export type TGraphClient = ReturnType<typeof createGraphClient>;
