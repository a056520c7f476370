import { callProvider, parseJsonOr } from '../shared/provider-http.js';
import { ChannelSendError } from '../types.js';

/** One SMS as our gateway protocol posts it (see docs/channels.md, "SMS"). */
export type TSmsSend = {
  /** The customer's number in E.164 ('+5511987654321'). */
  to: string;
  /** The connection's sender: a number or an alphanumeric sender ID, as the gateway knows it. */
  from: string;
  /** Any length: the gateway splits long texts into parts (concatenated SMS). */
  text: string;
  /** Our idempotency key: the gateway must not send a second SMS for a reference it has already taken. */
  reference: string;
};

/** A gateway failure: its HTTP status, or none at all (status 0: refused, unreachable or timed out). */
export class SmsGatewayError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`SMS gateway ${status}: ${detail}`);
  }

  /** The gateway refused our token: the connection itself no longer works. */
  get isCredentials(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /**
   * A failed send as the outbound queue takes it. A refused token takes the connection down; no answer, a 429
   * or a 5xx is worth another try (even a timeout: the gateway drops a repeated `reference`, so the customer
   * never gets the SMS twice); any other 4xx is this message's own fault.
   */
  toSendError(): ChannelSendError {
    if (this.isCredentials) return new ChannelSendError('ERR_SMS_GATEWAY_TOKEN', false, true);
    const retryable = this.status === 0 || this.status === 429 || this.status >= 500;
    return new ChannelSendError('ERR_SENDING_WAPP_MSG', retryable);
  }
}

/** Posts one SMS to the gateway: `Authorization: Bearer <token>`, JSON in, `{ id }` out (the gateway's id). */
export const postSms = async (
  url: string,
  token: string,
  sms: TSmsSend,
  timeoutMs = 15_000,
): Promise<{ id: string | null }> => {
  const { res, text } = await callProvider(
    url,
    { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: sms, timeoutMs },
    // Even a timeout is worth another try: the gateway drops a repeated `reference`.
    (detail) => new SmsGatewayError(0, detail),
  );
  if (!res.ok) throw new SmsGatewayError(res.status, text.slice(0, 200));
  const id = (parseJsonOr(text, null) as { id?: unknown } | null)?.id;
  return { id: typeof id === 'string' && id ? id : typeof id === 'number' ? String(id) : null };
};
