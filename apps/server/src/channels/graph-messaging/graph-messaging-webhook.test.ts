import { describe, expect, it } from 'vitest';
import { parseGraphMessagingWebhook } from './graph-messaging-webhook.js';

const page = '330000000000003';
const ig = '17840000000000004';
const customer = '6100000000000001';

const webhook = (object: string, id: string, ...messaging: unknown[]) => ({
  object,
  entry: [{ id, time: 1763900000000, messaging }],
});
const fromCustomer = (accountId: string, extra: Record<string, unknown>) => ({
  sender: { id: customer },
  recipient: { id: accountId },
  timestamp: 1763900000123,
  ...extra,
});

describe('parseGraphMessagingWebhook', () => {
  it('reads text, a quoted reply and the timestamp in milliseconds', () => {
    const events = parseGraphMessagingWebhook(
      webhook('page', page, fromCustomer(page, { message: { mid: 'm_1', text: 'Oi', reply_to: { mid: 'm_0' } } })),
      'page',
    );
    expect(events).toEqual([
      {
        kind: 'message',
        accountId: page,
        customerId: customer,
        externalId: 'm_1',
        timestamp: 1763900000123,
        mediaType: 'chat',
        body: 'Oi',
        attachment: null,
        quotedExternalId: 'm_0',
        raw: { mid: 'm_1', text: 'Oi', reply_to: { mid: 'm_0' } },
      },
    ]);
  });

  it('makes one message per file, names files as documents, and gives shares as links', () => {
    const events = parseGraphMessagingWebhook(
      webhook(
        'instagram',
        ig,
        fromCustomer(ig, {
          message: {
            mid: 'ig_1',
            attachments: [
              { type: 'image', payload: { url: 'https://cdn.example/a.jpg' } },
              { type: 'file', payload: { url: 'https://cdn.example/b.pdf' } },
            ],
          },
        }),
        fromCustomer(ig, {
          message: { mid: 'ig_2', attachments: { type: 'audio', payload: { url: 'https://cdn.example/c.mp4' } } },
        }),
        fromCustomer(ig, {
          message: { mid: 'ig_3', attachments: [{ type: 'share', payload: { url: 'https://instagram.com/p/x' } }] },
        }),
      ),
      'instagram',
    );
    expect(
      events.map((event) =>
        event.kind === 'message' ? [event.externalId, event.mediaType, event.attachment?.url ?? event.body] : null,
      ),
    ).toEqual([
      ['ig_1', 'image', 'https://cdn.example/a.jpg'],
      ['ig_1#2', 'document', 'https://cdn.example/b.pdf'],
      ['ig_2', 'audio', 'https://cdn.example/c.mp4'],
      ['ig_3', 'chat', 'share: https://instagram.com/p/x'],
    ]);
  });

  it('turns deliveries, reads, seen and reactions into events', () => {
    const messenger = parseGraphMessagingWebhook(
      webhook(
        'page',
        page,
        fromCustomer(page, { delivery: { mids: ['m_9'], watermark: 1763900000500 } }),
        fromCustomer(page, { read: { watermark: 1763900000600 } }),
        fromCustomer(page, { reaction: { mid: 'm_9', action: 'react', reaction: 'love' } }),
        fromCustomer(page, { reaction: { mid: 'm_9', action: 'unreact' } }),
      ),
      'page',
    );
    expect(messenger).toMatchObject([
      { kind: 'delivery', externalIds: ['m_9'], watermark: 1763900000500 },
      { kind: 'read', externalId: null, watermark: 1763900000600 },
      { kind: 'reaction', targetExternalId: 'm_9', emoji: '❤️' },
      { kind: 'reaction', targetExternalId: 'm_9', emoji: '' },
    ]);
    const [seen] = parseGraphMessagingWebhook(
      webhook('instagram', ig, fromCustomer(ig, { read: { mid: 'ig_9' } })),
      'instagram',
    );
    // Instagram names the last message seen; the moment it was seen is the watermark.
    expect(seen).toMatchObject({ kind: 'read', externalId: 'ig_9', watermark: 1763900000123 });
  });

  it('skips echoes, deleted messages, other objects and garbage instead of failing', () => {
    const echo = {
      sender: { id: page },
      recipient: { id: customer },
      message: { mid: 'm_e', text: 'eco', is_echo: true },
    };
    expect(parseGraphMessagingWebhook(webhook('page', page, echo), 'page')).toEqual([]);
    expect(
      parseGraphMessagingWebhook(
        webhook('page', page, fromCustomer(page, { message: { mid: 'm_d', is_deleted: true } })),
        'page',
      ),
    ).toEqual([]);
    // A Messenger delivery posted to the Instagram webhook is not Instagram's.
    expect(
      parseGraphMessagingWebhook(webhook('page', page, fromCustomer(page, { message: { mid: 'm' } })), 'instagram'),
    ).toEqual([]);
    expect(parseGraphMessagingWebhook(null, 'page')).toEqual([]);
    expect(parseGraphMessagingWebhook({ object: 'page', entry: 'x' }, 'page')).toEqual([]);
    expect(
      parseGraphMessagingWebhook(
        webhook(
          'page',
          page,
          { nonsense: true },
          fromCustomer(page, { message: { text: 'no mid' } }),
          fromCustomer(page, {}),
        ),
        'page',
      ),
    ).toEqual([]);
    // A reaction Meta neither names nor gives an emoji for changes nothing.
    expect(
      parseGraphMessagingWebhook(
        webhook('page', page, fromCustomer(page, { reaction: { mid: 'm', reaction: 'other' } })),
        'page',
      ),
    ).toEqual([]);
  });
});
