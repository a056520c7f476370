import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, json, startJsonFakeServer } from './fake-http.js';
import { postJsonWebhook } from './fake-webhooks.js';

/** The demo's gateway token (type it in Prosa's SMS form). */
export const demoSmsGateway = { token: 'demo-sms-token-123', from: '+5511900001234' };

/** One SMS the gateway took from Prosa. */
export type TSmsGatewaySent = { id: string; to: string; from: string; text: string; reference: string; at: number };
/** One call to the send URL, as received (also the refused ones). */
export type TSmsGatewayRequest = { path: string; authorization: string | null; body: unknown; status: number };
/** One post the gateway made to Prosa's webhook, and Prosa's answer. */
export type TSmsGatewayDelivery = { url: string; body: unknown; status: number; response: string };

const isE164 = (value: unknown): value is string => typeof value === 'string' && /^\+\d{8,15}$/.test(value);

/**
 * A fake SMS gateway on loopback speaking Prosa's SMS gateway protocol (docs/channels.md, "SMS"):
 * `POST /send` with `Authorization: Bearer <token>` and `{ to, from, text, reference }` answers `{ id }`; a
 * `reference` it has already taken answers the same id and sends nothing (the protocol's idempotency). A wrong
 * token is 401; `failNext` makes the next sends fail (503, say).
 *
 * It also plays the phone network: `phone.message` is a customer texting (`{ type: "message", ... }`) and
 * `phone.report` a delivery report (`{ type: "status", ... }`), posted to the webhook URL set with
 * `setWebhookUrl` (what an admin pastes into a real gateway).
 */
export const startFakeSmsGateway = async (options: { token: string; port?: number; webhookUrl?: string }) => {
  let token = options.token;
  let webhookUrl = options.webhookUrl ?? null;
  const failures: number[] = [];
  const requests: TSmsGatewayRequest[] = [];
  const deliveries: TSmsGatewayDelivery[] = [];
  const outbox: TSmsGatewaySent[] = [];
  const byReference = new Map<string, TSmsGatewaySent>();

  const post = async (body: unknown) => {
    if (!webhookUrl) throw new Error('no webhook URL set: paste the one Prosa shows');
    const url = webhookUrl;
    const answer = await postJsonWebhook(url, body);
    const delivery: TSmsGatewayDelivery = { url, body, status: answer.status, response: answer.body };
    deliveries.push(delivery);
    return delivery;
  };

  const send = (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const header = req.headers.authorization ?? null;
    const answer = (status: number, payload: unknown) => {
      requests.push({ path: '/send', authorization: header, body, status });
      json(res, status, payload);
    };
    if (header !== `Bearer ${token}`) return answer(401, { error: 'invalid token' });
    const failure = failures.shift();
    if (failure) return answer(failure, { error: 'gateway unavailable' });
    const input = (body ?? {}) as Record<string, unknown>;
    if (!isE164(input.to)) return answer(400, { error: 'to must be E.164' });
    if (typeof input.from !== 'string' || !input.from) return answer(400, { error: 'from is required' });
    if (typeof input.text !== 'string' || !input.text) return answer(400, { error: 'text is required' });
    if (typeof input.reference !== 'string' || !input.reference) return answer(400, { error: 'reference is required' });
    const known = byReference.get(input.reference);
    if (known) return answer(200, { id: known.id });
    const sent = {
      id: `sms-${randomBytes(8).toString('hex')}`,
      to: input.to,
      from: input.from,
      text: input.text,
      reference: input.reference,
      at: Date.now(),
    };
    byReference.set(sent.reference, sent);
    outbox.push(sent);
    return answer(200, { id: sent.id });
  };

  /** The phone network: each call posts what a gateway would and resolves with Prosa's answer. */
  const phone = {
    /** A customer texts the connection's number. */
    message: (input: { from: string; text: string; id?: string; to?: string; receivedAt?: string }) =>
      post({
        type: 'message',
        id: input.id ?? `mo-${randomBytes(8).toString('hex')}`,
        from: input.from,
        to: input.to ?? demoSmsGateway.from,
        text: input.text,
        receivedAt: input.receivedAt ?? new Date().toISOString(),
      }),
    /** The carrier's delivery report for one of our sends (by the id the gateway answered). */
    report: (id: string, status: 'sent' | 'delivered' | 'failed', error?: string) =>
      post({ type: 'status', id, status, ...(error ? { error } : {}) }),
    /** Anything else, as a relay might post it. */
    raw: (body: unknown) => post(body),
  };

  const control = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    return answerControl(req, res, url, {
      get: { sent: () => outbox },
      post: {
        webhook: () => {
          webhookUrl = typeof input.url === 'string' ? input.url : null;
          return { webhookUrl };
        },
        inbound: () => phone.message({ from: String(input.from ?? ''), text: String(input.text ?? '') }),
        status: () => {
          const status = String(input.status ?? 'delivered') as 'sent' | 'delivered' | 'failed';
          return phone.report(String(input.id ?? outbox.at(-1)?.id ?? ''), status);
        },
      },
    });
  };

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => json(res, 400, { error: 'invalid JSON' }),
    onError: (res, error) => json(res, 500, { error: String(error) }),
    handle: (req, res, url, body) => {
      if (url.pathname.startsWith('/_fake/')) return control(req, res, url, body);
      if (req.method === 'POST' && url.pathname === '/send') return send(req, res, body);
      return json(res, 404, { error: 'not found' });
    },
  });
  const baseUrl = server.baseUrl;

  return {
    baseUrl,
    /** What Prosa's form takes as the send URL. */
    sendUrl: `${baseUrl}/send`,
    requests,
    deliveries,
    phone,
    /** What Prosa sent that the gateway took (each reference once), oldest first. */
    sent: () => [...outbox],
    /** The URL the gateway posts inbound SMS and reports to (what an admin pastes into it). */
    setWebhookUrl: (url: string | null) => {
      webhookUrl = url;
    },
    /** A new token: the old one is refused from now on (a token revoked in the provider's panel). */
    setToken: (next: string) => {
      token = next;
    },
    /** The next sends answer these statuses, in order, instead of sending. */
    failNext: (...statuses: number[]) => {
      failures.push(...statuses);
    },
    close: server.close,
  };
};

export type TFakeSmsGateway = Awaited<ReturnType<typeof startFakeSmsGateway>>;
