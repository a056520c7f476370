import { type TUazapiEnvelopeKind, uazapiDataEnvelope, uazapiEnvelope } from './uazapi-payloads.js';
import type { TUazapiDelivery, TUazapiInstance } from './uazapi-protocol.js';

/** Whether the webhook's `excludeMessages` filters leave a message out. */
const isExcluded = (filters: string[], message: { fromMe: boolean; isGroup: boolean; wasSentByApi: boolean }) =>
  filters.some(
    (filter) =>
      (filter === 'wasSentByApi' && message.wasSentByApi) ||
      (filter === 'wasNotSentByApi' && !message.wasSentByApi) ||
      (filter === 'fromMeYes' && message.fromMe) ||
      (filter === 'fromMeNo' && !message.fromMe) ||
      (filter === 'isGroupYes' && message.isGroup) ||
      (filter.toLowerCase() === 'isgroupno' && !message.isGroup),
  );

/**
 * Posts events as uazapi does: to the instance's webhook when it subscribed to the event (and its filters keep
 * the message), in the envelope the server is set to. Every answer is kept for assertions.
 */
export const createUazapiEmitter = (options: { baseUrl: () => string; envelope: () => TUazapiEnvelopeKind }) => {
  const deliveries: TUazapiDelivery[] = [];

  const bodyOf = (instance: TUazapiInstance, eventType: string, fields: Record<string, unknown>) =>
    options.envelope() === 'data'
      ? uazapiDataEnvelope(eventType, instance, fields)
      : { ...uazapiEnvelope(eventType, instance, fields), BaseUrl: options.baseUrl() };

  const emit = async (
    instance: TUazapiInstance,
    eventType: string,
    fields: Record<string, unknown>,
  ): Promise<TUazapiDelivery | null> => {
    const webhook = instance.webhook;
    if (!webhook?.enabled || !webhook.events.includes(eventType)) return null;
    const message = fields.message as { fromMe: boolean; isGroup: boolean; wasSentByApi: boolean } | undefined;
    if (eventType === 'messages' && message && isExcluded(webhook.excludeMessages, message)) return null;
    const url = webhook.addUrlEvents ? `${webhook.url}/${eventType}` : webhook.url;
    let delivery: TUazapiDelivery;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bodyOf(instance, eventType, fields)),
      });
      delivery = { url, event: eventType, status: res.status, body: await res.text() };
    } catch (error) {
      // uazapi keeps a failed delivery in its error log and moves on; so does the fake.
      delivery = { url, event: eventType, status: 0, body: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  };

  return { emit, deliveries };
};

export type TUazapiEmit = ReturnType<typeof createUazapiEmitter>['emit'];
