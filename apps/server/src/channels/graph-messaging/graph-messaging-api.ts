import { ChannelSendError } from '../types.js';
import { createGraphRequest, GraphError } from '../waba/graph-api.js';

/** The credentials of one Instagram account or Page, opened from the connection's sealed settings. */
export type TGraphMessagingCredentials = { accountId: string; accessToken: string };

/** What the Send API answers for a message: the customer and the message's id (`mid`). */
export type TGraphSendResponse = { recipient_id: string; message_id?: string };

/** A message of the Send API: text, or one attachment fetched by Meta from a URL. */
export type TGraphOutboundMessage =
  | { text: string }
  | { attachment: { type: 'image' | 'video' | 'audio' | 'file'; payload: { url: string; is_reusable: boolean } } };

export type TGraphSenderAction = 'typing_on' | 'typing_off' | 'mark_seen';

/** Meta's Send API codes beyond the Cloud API's that say something to the agent or the retry policy. */
const outsideWindowCodes = new Set([10]);
const unavailableCodes = new Set([551]);
const throttledCodes = new Set([32, 613]);

/**
 * A Graph API failure of a send, as the outbound queue wants it. The Cloud API's mapping (a refused token
 * takes the connection down, throttling and outages are tried again) plus the Send API's own codes:
 * `(#10) ... outside of allowed window`, `(#551) This person isn't available right now`, Page rate limits.
 */
export const toGraphMessagingSendError = (error: GraphError): ChannelSendError => {
  if (error.reason === 'ERR_WABA_TOKEN_INVALID') return error.toSendError();
  if (outsideWindowCodes.has(error.code ?? -1)) return new ChannelSendError('ERR_CHANNEL_OUTSIDE_WINDOW', false);
  if (unavailableCodes.has(error.code ?? -1)) return new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  return new ChannelSendError(error.reason, error.retryable || throttledCodes.has(error.code ?? -1));
};

/**
 * The Messenger Platform's calls for one Instagram account or Page (`POST /{id}/messages` for messages and
 * sender actions, `GET /{id}` for the account and for a customer's profile), with a timeout on every call.
 */
export const createGraphMessagingClient = (
  baseUrl: string,
  credentials: TGraphMessagingCredentials,
  timeoutMs = 15_000,
) => {
  const call = createGraphRequest(baseUrl, credentials.accessToken, timeoutMs);
  const edge = `${encodeURIComponent(credentials.accountId)}/messages`;
  return {
    /** A reply within the customer's 24-hour window; `replyTo` quotes one of the conversation's messages. */
    send: (recipientId: string, message: TGraphOutboundMessage, replyTo: string | null = null) =>
      call<TGraphSendResponse>('POST', edge, {
        recipient: { id: recipientId },
        messaging_type: 'RESPONSE',
        message,
        ...(replyTo ? { reply_to: { mid: replyTo } } : {}),
      }),
    /** Typing on/off, or the customer's messages marked seen. */
    senderAction: (recipientId: string, action: TGraphSenderAction) =>
      call<{ recipient_id: string }>('POST', edge, { recipient: { id: recipientId }, sender_action: action }),
    /** The account behind the token: proves the two go together, and names it. */
    account: (fields: string) =>
      call<{ id: string; name?: string; username?: string }>(
        'GET',
        `${encodeURIComponent(credentials.accountId)}?fields=${fields}`,
      ),
    /** A customer's public profile, by their scoped id. */
    profile: (customerId: string, fields: string) =>
      call<{ id: string; name?: string; username?: string }>(
        'GET',
        `${encodeURIComponent(customerId)}?fields=${fields}`,
      ),
  };
};

export type TGraphMessagingClient = ReturnType<typeof createGraphMessagingClient>;

/**
 * A customer's attachment from the URL Meta's webhook gave (a signed CDN URL: no token), refused when larger
 * than `maxBytes`.
 */
export const downloadGraphAttachment = async (url: string, maxBytes: number, timeoutMs = 30_000) => {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GraphError(0, null, `network: ${(error as Error).message}`);
  }
  if (!res.ok) throw new GraphError(res.status, null, `attachment download: HTTP ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > maxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
  const mime = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim();
  return { bytes, mime: mime || 'application/octet-stream' };
};
