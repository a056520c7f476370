import type { TFlowInteraction } from '@prosa/contracts';
import { fetchPublic, PrivateAddressError } from '../../../platform/public-fetch.js';
import type { TServices } from '../../../platform/services.js';

type TWebhook = Extract<TFlowInteraction, { type: 'WebhookField' }>['data'];

export const FLOW_WEBHOOK_TIMEOUT_MS = 10_000;
/** The longest answer kept in a flow variable. */
export const FLOW_WEBHOOK_ANSWER_MAX = 2000;

/**
 * A flow's webhook call (never inside a transaction): POST JSON of the ticket, contact, flow variables and the
 * customer's answer, or a bare GET; 10 s at most. The answer's body, as text (a JSON body compacted), cut at
 * 2000 characters; '' when the call fails or answers an error, so the flow goes on either way. A URL that
 * is or resolves to a private address is refused unless WEBHOOK_ALLOW_PRIVATE (platform/public-fetch.ts).
 */
export const callFlowWebhook = async (
  deps: Pick<TServices, 'log' | 'config'>,
  webhook: TWebhook,
  body: {
    ticketId: number;
    contact: { name: string; number: string };
    variables: Record<string, string>;
    answer: string;
  },
): Promise<string> => {
  try {
    const signal = AbortSignal.timeout(FLOW_WEBHOOK_TIMEOUT_MS);
    const allowPrivate = deps.config.webhookAllowPrivate;
    const response =
      webhook.method === 'GET'
        ? await fetchPublic(webhook.url, { signal, allowPrivate })
        : await fetchPublic(webhook.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal,
            allowPrivate,
          });
    const text = await response.text();
    if (!response.ok) {
      deps.log.warn({ status: response.status, ticketId: body.ticketId }, 'chat-flow webhook answered an error');
      return '';
    }
    let answer = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        const parsed: unknown = JSON.parse(text);
        answer = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
      } catch {
        // Not JSON after all: kept as text.
      }
    }
    return answer.slice(0, FLOW_WEBHOOK_ANSWER_MAX);
  } catch (err) {
    const refused =
      err instanceof PrivateAddressError || (err as { cause?: unknown })?.cause instanceof PrivateAddressError;
    deps.log.warn({ err, ticketId: body.ticketId, refused }, 'chat-flow webhook failed');
    return '';
  }
};
