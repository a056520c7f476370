import { describe, expect, it } from 'vitest';
import { ChannelSendError } from '../types.js';
import { smsNumberOf } from './sms-config.js';
import { SmsGatewayError } from './sms-gateway.js';
import { parseSmsWebhook } from './sms-webhook.js';

const now = 1_760_000_000_000;
const message = {
  type: 'message',
  id: 'mo-0001',
  from: '+5511987650001',
  to: '+5511900001234',
  text: 'Oi, meu pedido atrasou',
  receivedAt: '2025-10-01T12:00:00.000Z',
};

describe('parseSmsWebhook', () => {
  it('reads an inbound SMS: id, sender, text and date', () => {
    expect(parseSmsWebhook(message, now)).toEqual({
      ok: true,
      events: [
        {
          kind: 'message',
          externalId: 'mo-0001',
          from: '+5511987650001',
          to: '+5511900001234',
          body: 'Oi, meu pedido atrasou',
          timestamp: Date.parse('2025-10-01T12:00:00.000Z'),
          raw: message,
        },
      ],
    });
  });

  it('takes a spaced number, a numeric id, epoch milliseconds, and dates a message without receivedAt now', () => {
    const read = parseSmsWebhook({ type: 'message', id: 42, from: '+55 (11) 98765-0001', text: 'Oi', receivedAt: 5 });
    expect(read).toMatchObject({ ok: true, events: [{ externalId: '42', from: '+5511987650001', timestamp: 5 }] });
    const undated = parseSmsWebhook({ type: 'message', id: 'x', from: '5511987650001', text: '' }, now);
    expect(undated).toMatchObject({ ok: true, events: [{ timestamp: now, to: null, body: '' }] });
  });

  it('reads delivery reports, failed ones with the gateway error', () => {
    expect(parseSmsWebhook({ type: 'status', id: 'sms-1', status: 'delivered' })).toEqual({
      ok: true,
      events: [{ kind: 'status', externalId: 'sms-1', status: 'delivered', error: null }],
    });
    expect(parseSmsWebhook({ type: 'status', id: 'sms-2', status: 'failed', error: 'absent subscriber' })).toEqual({
      ok: true,
      events: [{ kind: 'status', externalId: 'sms-2', status: 'failed', error: 'absent subscriber' }],
    });
  });

  it('reads an array of events, keeping extra fields out of the way and events of unknown shapes whole', () => {
    const read = parseSmsWebhook([
      { ...message, carrier: 'Vivo' },
      { type: 'balance', credits: 10 },
      { type: 'status', id: 'sms-1', status: 'sent' },
    ]);
    expect(read.ok && read.events.map((event) => event.kind)).toEqual(['message', 'unknown', 'status']);
  });

  it('keeps an unknown shape with its raw body, its sender when a usual field names one, and a stable id', () => {
    const mms = { type: 'mms', id: 'mms-9', from: '+55 11 98765-0009', media: ['https://gw.example/m/1.jpg'] };
    expect(parseSmsWebhook(mms, now)).toEqual({
      ok: true,
      events: [
        {
          kind: 'unknown',
          shape: 'type:mms',
          externalId: 'unknown:mms-9',
          from: '+5511987650009',
          timestamp: now,
          raw: mms,
        },
      ],
    });
    // A provider's own format posted straight through: no `type`, the sender one level down.
    const zenvia = { direction: 'IN', message: { from: '5511987650010', contents: [{ type: 'text', text: 'Oi' }] } };
    const [event] = (parseSmsWebhook(zenvia, now) as { events: unknown[] }).events;
    expect(event).toMatchObject({ kind: 'unknown', shape: 'fields:direction,message', from: '5511987650010' });
    const [again] = (parseSmsWebhook({ ...zenvia }, now) as { events: { externalId: string }[] }).events;
    expect(again?.externalId).toBe((event as { externalId: string }).externalId);
    expect(parseSmsWebhook({ type: 'balance', credits: 3 }, now)).toMatchObject({ events: [{ from: null }] });
  });

  it('names the field that is wrong', () => {
    expect(parseSmsWebhook({ ...message, from: 'Maria' })).toMatchObject({ ok: false, field: 'from' });
    expect(parseSmsWebhook({ ...message, text: undefined })).toMatchObject({ ok: false, field: 'text' });
    expect(parseSmsWebhook({ type: 'status', id: 'x', status: 'read' })).toMatchObject({ ok: false, field: 'status' });
    expect(parseSmsWebhook([message, { type: 'status', status: 'sent' }])).toMatchObject({ ok: false, field: '1.id' });
    expect(parseSmsWebhook({ ...message, receivedAt: 'ontem' })).toMatchObject({ ok: false, field: 'receivedAt' });
  });

  it('refuses what is no event at all', () => {
    for (const garbage of [null, 'oi', 42, {}, [], [message, 'oi'], new Array(101).fill(message)])
      expect(parseSmsWebhook(garbage).ok).toBe(false);
  });
});

describe('SMS gateway failures', () => {
  const sendError = (status: number) => new SmsGatewayError(status, '').toSendError();

  it('a refused token takes the connection down; the message fails at once', () => {
    for (const status of [401, 403])
      expect(sendError(status)).toEqual(new ChannelSendError('ERR_SMS_GATEWAY_TOKEN', false, true));
  });

  it('no answer, 429 and 5xx are tried again (the gateway drops a repeated reference); other 4xx are not', () => {
    for (const status of [0, 429, 500, 503]) expect(sendError(status)).toMatchObject({ retryable: true });
    for (const status of [400, 404, 422])
      expect(sendError(status)).toMatchObject({ retryable: false, connectionDown: false });
  });
});

describe('smsNumberOf', () => {
  it('shows a numeric sender as the connection number, an alphanumeric one not', () => {
    expect(smsNumberOf('+55 11 90000-1234')).toBe('+5511900001234');
    expect(smsNumberOf('5511900001234')).toBe('+5511900001234');
    expect(smsNumberOf('LOJAPROSA')).toBeNull();
    expect(smsNumberOf(undefined)).toBeNull();
  });
});
