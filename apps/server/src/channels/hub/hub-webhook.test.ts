import { describe, expect, it } from 'vitest';
import { ChannelSendError } from '../types.js';
import { HubError } from './hub-api.js';
import { hubAddressKind } from './hub-config.js';
import { parseHubWebhook } from './hub-webhook.js';

const now = 1_760_000_000_000;

/** A MESSAGE event in the Zenvia-like shape assumed for the Hub, with the given contents. */
const messageEvent = (contents: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'MESSAGE',
  id: 'evt-1',
  timestamp: '2025-10-01T12:00:00.000Z',
  subscriptionId: 'sub-1',
  channel: 'whatsapp',
  direction: 'IN',
  message: {
    id: 'msg-1',
    from: '5511987650001',
    to: 'canal-token',
    direction: 'IN',
    channel: 'whatsapp',
    contents,
    visitor: { name: 'Marina Costa', picture: 'https://example.com/p.jpg' },
    ...extra,
  },
});

describe('parseHubWebhook', () => {
  it('reads a text message: id, sender, visitor name and date', () => {
    const payload = messageEvent([{ type: 'text', text: 'Oi, meu pedido atrasou' }]);
    expect(parseHubWebhook(payload, now)).toEqual([
      {
        kind: 'message',
        externalId: 'msg-1',
        from: '5511987650001',
        name: 'Marina Costa',
        timestamp: Date.parse('2025-10-01T12:00:00.000Z'),
        mediaType: 'chat',
        body: 'Oi, meu pedido atrasou',
        file: null,
        raw: payload,
      },
    ]);
  });

  it('reads a file with its caption and kind from the MIME type; first and last name when there is no name', () => {
    const [event] =
      parseHubWebhook(
        messageEvent(
          [{ type: 'file', fileUrl: 'https://hub/f/1', fileMimeType: 'image/jpeg', fileCaption: 'Veio assim' }],
          { visitor: { firstName: 'Marina', lastName: 'Costa' } },
        ),
      ) ?? [];
    expect(event).toMatchObject({
      mediaType: 'image',
      body: 'Veio assim',
      name: 'Marina Costa',
      file: { url: 'https://hub/f/1', mime: 'image/jpeg', name: null },
    });
    const [pdf] =
      parseHubWebhook(
        messageEvent([
          { type: 'file', fileUrl: 'https://hub/f/2', fileMimeType: 'application/pdf', fileName: 'nota.pdf' },
        ]),
      ) ?? [];
    expect(pdf).toMatchObject({ mediaType: 'document', body: '', file: { name: 'nota.pdf' } });
  });

  it('reads a location as a map link; dates by epoch seconds or the time of arrival', () => {
    const location = { type: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' };
    const [event] = parseHubWebhook({ ...messageEvent([location]), timestamp: 1_759_320_000 }, now) ?? [];
    expect(event).toMatchObject({
      mediaType: 'location',
      body: 'Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6',
      timestamp: 1_759_320_000_000,
    });
    const [undated] = parseHubWebhook({ ...messageEvent([{ type: 'text', text: 'a' }]), timestamp: null }, now) ?? [];
    expect(undated).toMatchObject({ timestamp: now });
  });

  it('skips our own sends echoed back, unreadable contents and messages of an unexpected shape', () => {
    expect(parseHubWebhook(messageEvent([{ type: 'text', text: 'eco' }], { direction: 'OUT' }))).toEqual([]);
    expect(
      parseHubWebhook({
        ...messageEvent([{ type: 'text', text: 'eco' }]),
        direction: 'OUT',
        message: { id: 'm', from: 'x', contents: [{ type: 'text', text: 'eco' }] },
      }),
    ).toEqual([]);
    expect(parseHubWebhook(messageEvent([{ type: 'contacts', contacts: [] }]))).toEqual([]);
    expect(parseHubWebhook({ type: 'MESSAGE', message: { from: 'sem id' } })).toEqual([]);
  });

  it('reads statuses by the Hub code; failures keep the error; unknown codes are skipped', () => {
    const status = (code: string, extra: Record<string, unknown> = {}) => ({
      type: 'MESSAGE_STATUS',
      id: 'evt-2',
      messageId: 'out-1',
      channel: 'instagram',
      messageStatus: { timestamp: '2025-10-01T12:00:00.000Z', code, description: code.toLowerCase(), ...extra },
    });
    expect(parseHubWebhook(status('SENT'))).toEqual([
      { kind: 'status', externalId: 'out-1', status: 'sent', detail: 'sent' },
    ]);
    expect(parseHubWebhook(status('DELIVERED'))?.[0]).toMatchObject({ status: 'delivered' });
    expect(parseHubWebhook(status('READ'))?.[0]).toMatchObject({ status: 'read' });
    expect(parseHubWebhook(status('NOT_DELIVERED'))?.[0]).toMatchObject({ status: 'failed' });
    expect(
      parseHubWebhook(status('REJECTED', { error: { code: 10, message: 'outside of allowed window' } }))?.[0],
    ).toMatchObject({ status: 'failed', detail: 'outside of allowed window' });
    expect(parseHubWebhook(status('QUEUED'))).toEqual([]);
  });

  it('ignores other event types with a 200, and refuses what is no Hub event at all', () => {
    expect(parseHubWebhook({ type: 'CONNECTION_STATUS', status: 'connected' })).toEqual([]);
    for (const garbage of [null, 'oi', 42, [], {}, { hello: 'world' }]) expect(parseHubWebhook(garbage)).toBeNull();
  });
});

describe('Hub failures and address kinds', () => {
  it('a refused token takes the connection down; no answer is tried again, a timeout is not', () => {
    expect(new HubError(401, '').toSendError()).toEqual(new ChannelSendError('ERR_HUB_TOKEN', false, true));
    expect(new HubError(0, '').toSendError()).toEqual(new ChannelSendError('ERR_HUB_UNREACHABLE', true));
    expect(new HubError(0, '', true).toSendError()).toEqual(new ChannelSendError('ERR_SEND_INTERRUPTED', false));
    expect(new HubError(503, '').toSendError()).toMatchObject({ retryable: true, connectionDown: false });
    expect(new HubError(400, '').toSendError()).toMatchObject({ retryable: false, connectionDown: false });
    expect(new HubError(404, '').subscribeReason).toBe('ERR_HUB_CHANNEL');
  });

  it('each Hub channel addresses its customers by the identity kind of that network', () => {
    expect(hubAddressKind('whatsapp')).toBe('phone');
    expect(hubAddressKind('instagram')).toBe('instagram');
    expect(hubAddressKind('facebook')).toBe('messenger');
    expect(hubAddressKind('telegram')).toBe('telegram');
    expect(hubAddressKind('email')).toBe('email');
    expect(hubAddressKind('webchat')).toBe('webchat');
  });
});
