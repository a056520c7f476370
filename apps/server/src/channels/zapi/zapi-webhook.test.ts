import { describe, expect, it } from 'vitest';
import { ZapiError } from './zapi-api.js';
import { parseZapiWebhook } from './zapi-webhook.js';

const instanceId = '3E1F0A9C2B7D4E5F8A6B1C0D9E8F7A01';

/** A ReceivedCallback as Z-API documents it (on-message-received), with the given content. */
const received = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  isStatusReply: false,
  senderLid: '81896604192873@lid',
  connectedPhone: '5511940002000',
  waitingMessage: false,
  isEdit: false,
  isGroup: false,
  isNewsletter: false,
  instanceId,
  messageId: '3A0001',
  phone: '5511987650001',
  fromMe: false,
  momment: 1_759_320_000_000,
  status: 'RECEIVED',
  chatName: 'Marina',
  senderPhoto: null,
  senderName: 'Marina Costa',
  participantPhone: null,
  participantLid: null,
  photo: null,
  broadcast: false,
  type: 'ReceivedCallback',
  ...content,
  ...extra,
});

const events = (payload: unknown) => parseZapiWebhook(payload)?.events ?? [];

describe('parseZapiWebhook', () => {
  it('reads a text, its sender (phone with the LID beside it), the name, the date and a quoted reply', () => {
    expect(parseZapiWebhook(received({ text: { message: 'Oi' } }))).toEqual({
      instanceId,
      events: [
        expect.objectContaining({
          kind: 'message',
          externalId: '3A0001',
          from: { kind: 'phone', value: '5511987650001', lid: '81896604192873' },
          name: 'Marina Costa',
          timestamp: 1_759_320_000_000,
          mediaType: 'chat',
          body: 'Oi',
          media: null,
          quotedExternalId: null,
        }),
      ],
    });
    const reply = events(received({ text: { message: 'Esse' } }, { referenceMessageId: '3EB0QUOTED' }));
    expect(reply[0]).toMatchObject({ body: 'Esse', quotedExternalId: '3EB0QUOTED' });
    // Dates in seconds are taken as seconds; button and list answers are text.
    expect(events(received({ text: { message: 'x' } }, { momment: 1_759_320_000 }))[0]).toMatchObject({
      timestamp: 1_759_320_000_000,
    });
    expect(events(received({ buttonsResponseMessage: { buttonId: '1', message: 'Ótimo' } }))[0]).toMatchObject({
      mediaType: 'chat',
      body: 'Ótimo',
    });
  });

  it('reads media by URL: image with caption, voice note (ptt), audio file, video, document with name, sticker', () => {
    const image = events(
      received({ image: { mimeType: 'image/jpeg', imageUrl: 'https://s.z-api.io/a.jpg', caption: 'Foto' } }),
    );
    expect(image[0]).toMatchObject({
      mediaType: 'image',
      body: 'Foto',
      media: { url: 'https://s.z-api.io/a.jpg', mime: 'image/jpeg', filename: null },
    });
    const voice = events(
      received({ audio: { audioUrl: 'https://s.z-api.io/v.ogg', mimeType: 'audio/ogg; codecs=opus', ptt: true } }),
    );
    expect(voice[0]).toMatchObject({ mediaType: 'ptt', media: { url: 'https://s.z-api.io/v.ogg' } });
    const song = events(received({ audio: { audioUrl: 'https://s.z-api.io/s.mp3', mimeType: 'audio/mpeg' } }));
    expect(song[0]).toMatchObject({ mediaType: 'audio' });
    const video = events(received({ video: { videoUrl: 'https://s.z-api.io/v.mp4', mimeType: 'video/mp4' } }));
    expect(video[0]).toMatchObject({ mediaType: 'video', body: '' });
    const document = events(
      received({
        document: {
          documentUrl: 'https://s.z-api.io/n.pdf',
          mimeType: 'application/pdf',
          title: 'nota',
          pageCount: 1,
          fileName: 'nota.pdf',
        },
      }),
    );
    expect(document[0]).toMatchObject({ mediaType: 'document', media: { filename: 'nota.pdf' } });
    const sticker = events(received({ sticker: { stickerUrl: 'https://s.z-api.io/s.webp', mimeType: 'image/webp' } }));
    expect(sticker[0]).toMatchObject({ mediaType: 'sticker' });
    // A file without its link is nothing to download: it stays a message, its payload kept.
    expect(events(received({ image: { mimeType: 'image/jpeg' } }))[0]).toMatchObject({ mediaType: 'chat' });
  });

  it('reads locations, contact cards and reactions (pointing at the message reacted to)', () => {
    const location = events(received({ location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: '' } }));
    expect(location[0]).toMatchObject({
      mediaType: 'location',
      body: 'Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6',
    });
    const card = events(
      received({ contact: { displayName: 'Cesar', vCard: 'BEGIN:VCARD', phones: ['5544999999999'] } }),
    );
    expect(card[0]).toMatchObject({ mediaType: 'vcard', body: 'Cesar 5544999999999' });
    const reaction = events(
      received({
        reaction: {
          value: '❤️',
          time: 1,
          reactionBy: '5511987650001',
          referencedMessage: { messageId: '3EB0OURS', fromMe: true, phone: '5511987650001', participant: null },
        },
      }),
    );
    expect(reaction).toEqual([{ kind: 'reaction', externalId: '3A0001', targetExternalId: '3EB0OURS', emoji: '❤️' }]);
  });

  it('skips our own sends, channels, broadcasts, edits, notifications and undecrypted placeholders', () => {
    const text = { text: { message: 'x' } };
    expect(events(received(text, { fromMe: true, fromApi: true }))).toEqual([]);
    // A group's message that names no member (groups: zapi-group-webhook.test.ts).
    expect(events(received(text, { isGroup: true, phone: '120363019502650977-group' }))).toEqual([]);
    expect(events(received(text, { isGroup: true, phone: '120363019502650977@newsletter' }))).toEqual([]);
    expect(events(received(text, { isNewsletter: true, phone: '120363166555745933@newsletter' }))).toEqual([]);
    expect(events(received(text, { broadcast: true }))).toEqual([]);
    expect(events(received(text, { isEdit: true }))).toEqual([]);
    expect(events(received({ notification: 'CALL_MISSED_VOICE', notificationParameters: [] }))).toEqual([]);
    expect(events(received(text, { waitingMessage: true }))).toEqual([]);
    // A chat known only by its LID is still a customer's.
    expect(events(received(text, { phone: '81896604192873@lid' }))[0]).toMatchObject({
      from: { kind: 'lid', value: '81896604192873' },
    });
  });

  it('maps status ticks, deliveries and the connection coming and going', () => {
    const status = (value: string, ids = ['3EB0A', '3EB0B']) =>
      events({ instanceId, status: value, ids, momment: 1, phone: '5511987650001', type: 'MessageStatusCallback' });
    expect(status('SENT')).toEqual([{ kind: 'ack', externalIds: ['3EB0A', '3EB0B'], status: 'sent' }]);
    expect(status('RECEIVED')[0]).toMatchObject({ status: 'delivered' });
    expect(status('READ')[0]).toMatchObject({ status: 'read' });
    expect(status('PLAYED')[0]).toMatchObject({ status: 'read' });
    expect(status('READ_BY_ME')).toEqual([]);
    expect(status('READ', [])).toEqual([]);
    expect(
      events({ phone: '5511987650001', zaapId: 'Z1', messageId: '3EB0A', type: 'DeliveryCallback', instanceId }),
    ).toEqual([{ kind: 'ack', externalIds: ['3EB0A'], status: 'sent' }]);
    expect(
      events({ type: 'ConnectedCallback', connected: true, momment: 1, instanceId, phone: '5511940002000' }),
    ).toEqual([{ kind: 'connected', number: '5511940002000' }]);
    expect(
      events({ momment: 1, error: 'Device has been disconnected', disconnected: true, type: 'DisconnectedCallback' }),
    ).toEqual([{ kind: 'disconnected', error: 'Device has been disconnected' }]);
  });

  it('names the instance, or none; other kinds are nothing and garbage is not an event at all', () => {
    expect(parseZapiWebhook({ type: 'PresenceChatCallback', phone: '1', status: 'COMPOSING', instanceId })).toEqual({
      instanceId,
      events: [],
    });
    expect(parseZapiWebhook({ type: 'DisconnectedCallback' })?.instanceId).toBeNull();
    expect(events(received({ text: { message: 'x' } }, { messageId: '' }))).toEqual([]);
    expect(parseZapiWebhook({ hello: 'world' })).toBeNull();
    expect(parseZapiWebhook('texto')).toBeNull();
    expect(parseZapiWebhook(null)).toBeNull();
  });
});

describe('ZapiError', () => {
  it('turns Z-API answers into catalogue codes and retry decisions', () => {
    for (const refused of [
      new ZapiError(404, 'Instance not found'),
      new ZapiError(403, 'abc not allowed'),
      new ZapiError(401, 'Unauthorized'),
      new ZapiError(400, 'null not allowed'),
    ])
      expect(refused.toSendError()).toMatchObject({
        reason: 'ERR_ZAPI_CREDENTIALS',
        retryable: false,
        connectionDown: true,
      });
    expect(new ZapiError(400, 'Instance not connected').toSendError()).toMatchObject({
      reason: 'ERR_WAPP_NOT_INITIALIZED',
      retryable: false,
      connectionDown: true,
    });
    expect(new ZapiError(400, 'phone is required').toSendError()).toMatchObject({
      reason: 'ERR_SENDING_WAPP_MSG',
      retryable: false,
      connectionDown: false,
    });
    expect(new ZapiError(0, 'ECONNREFUSED').toSendError()).toMatchObject({
      reason: 'ERR_ZAPI_UNREACHABLE',
      retryable: true,
    });
    // A timeout may have sent it: never repeated blindly.
    expect(new ZapiError(0, 'timeout', true).toSendError()).toMatchObject({
      reason: 'ERR_SEND_INTERRUPTED',
      retryable: false,
    });
    expect(new ZapiError(502, 'Bad Gateway').toSendError()).toMatchObject({ retryable: true, connectionDown: false });
    expect(new ZapiError(429, 'Too many requests').toSendError()).toMatchObject({ retryable: true });
  });
});
