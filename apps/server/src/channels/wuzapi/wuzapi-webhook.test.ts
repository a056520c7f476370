import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WuzapiError, wuzapiNumber } from './wuzapi-api.js';
import { parseWuzapiPayload, readWuzapiDelivery, verifyWuzapiSignature } from './wuzapi-webhook.js';

const customer = '5511987650001';

/** A `Message` jsonData as wuzapi marshals whatsmeow's events.Message (newer whatsmeow: `stanzaID`, `PTT`). */
const message = (content: Record<string, unknown>, info: Record<string, unknown> = {}, extras = {}) => ({
  type: 'Message',
  event: {
    Info: {
      Chat: `${customer}@s.whatsapp.net`,
      Sender: `${customer}:3@s.whatsapp.net`,
      IsFromMe: false,
      IsGroup: false,
      AddressingMode: 'pn',
      SenderAlt: '',
      ID: '3A0001',
      Type: 'text',
      PushName: 'Marina Costa',
      Timestamp: '2025-10-01T12:00:00-03:00',
      ...info,
    },
    Message: content,
    IsEphemeral: false,
    RawMessage: content,
  },
  ...extras,
});

const events = (payload: Record<string, unknown>) => parseWuzapiPayload(payload) ?? [];

/** A form as wuzapi posts it (Go's url.Values.Encode: keys sorted, spaces as '+'). */
const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());

describe('readWuzapiDelivery', () => {
  it('reads the form (jsonData + token) and the JSON format; anything else is nothing', () => {
    const payload = message({ conversation: 'Oi, tudo bem? 1+1=2 & 100%' });
    const delivery = readWuzapiDelivery(
      form({ instanceName: 'prosa-1-2-ab', jsonData: JSON.stringify(payload), token: 'USER-TOKEN' }),
      'application/x-www-form-urlencoded',
    );
    expect(delivery).toEqual({ payload, token: 'USER-TOKEN' });
    // WEBHOOK_FORMAT=json: the event itself, with userID and instanceName beside it, and no token.
    const asJson = readWuzapiDelivery(
      Buffer.from(JSON.stringify({ ...payload, userID: 'u1', instanceName: 'x' })),
      'application/json; charset=utf-8',
    );
    expect(asJson?.token).toBeNull();
    expect(asJson?.payload).toMatchObject({ type: 'Message', userID: 'u1' });
    expect(readWuzapiDelivery(form({ jsonData: '{not json' }), 'application/x-www-form-urlencoded')).toBeNull();
    expect(readWuzapiDelivery(Buffer.from('[1,2]'), 'application/json')).toBeNull();
  });

  it('checks the HMAC signature over the exact bytes, in constant time', () => {
    const raw = form({ jsonData: '{"type":"Connected","event":{}}', userID: 'u1' });
    const key = 'k'.repeat(40);
    const signature = createHmac('sha256', key).update(raw).digest('hex');
    expect(verifyWuzapiSignature(raw, signature, key)).toBe(true);
    expect(verifyWuzapiSignature(raw, signature.toUpperCase(), key)).toBe(true);
    expect(verifyWuzapiSignature(Buffer.concat([raw, Buffer.from('&x=1')]), signature, key)).toBe(false);
    expect(verifyWuzapiSignature(raw, signature, 'j'.repeat(40))).toBe(false);
    expect(verifyWuzapiSignature(raw, undefined, key)).toBe(false);
    expect(verifyWuzapiSignature(raw, 'abc', key)).toBe(false);
  });
});

describe('parseWuzapiPayload', () => {
  it('reads a text, a reply (with its quote) and the sender, dated in milliseconds', () => {
    expect(events(message({ conversation: 'Oi' }))).toEqual([
      expect.objectContaining({
        kind: 'message',
        externalId: '3A0001',
        from: { kind: 'phone', value: customer },
        name: 'Marina Costa',
        timestamp: Date.parse('2025-10-01T15:00:00Z'),
        mediaType: 'chat',
        body: 'Oi',
        quotedExternalId: null,
      }),
    ]);
    const reply = events(message({ extendedTextMessage: { text: 'Esse mesmo', contextInfo: { stanzaID: '3EB0Q' } } }));
    expect(reply[0]).toMatchObject({ body: 'Esse mesmo', quotedExternalId: '3EB0Q' });
    // Older whatsmeow named it `stanzaId`.
    const older = events(message({ extendedTextMessage: { text: 'x', contextInfo: { stanzaId: '3EB0OLD' } } }));
    expect(older[0]).toMatchObject({ quotedExternalId: '3EB0OLD' });
  });

  it('reads media with the bytes wuzapi put beside the event; a voice note is ptt; the bytes leave dataJson', () => {
    const voice = events(
      message(
        { audioMessage: { mimetype: 'audio/ogg; codecs=opus', PTT: true, contextInfo: { stanzaID: '3A0000' } } },
        { ID: '3APTT' },
        { base64: 'T2dnUw==', mimeType: 'audio/ogg', fileName: '3APTT.oga' },
      ),
    );
    expect(voice[0]).toMatchObject({
      mediaType: 'ptt',
      media: { base64: 'T2dnUw==', mime: 'audio/ogg', filename: '3APTT.oga' },
      quotedExternalId: '3A0000',
    });
    expect(JSON.stringify((voice[0] as { raw: unknown }).raw)).not.toContain('T2dnUw==');
    const song = events(message({ audioMessage: { mimetype: 'audio/mpeg', ptt: false } }));
    expect(song[0]).toMatchObject({ mediaType: 'audio', media: { base64: null, mime: 'audio/mpeg' } });
    const document = events(
      message(
        {
          documentWithCaptionMessage: {
            message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'Segue' } },
          },
        },
        {},
        { base64: 'JVBERg==', mimeType: 'application/pdf', fileName: '3A0001.pdf' },
      ),
    );
    // The document's own name, not the temporary file's wuzapi names after the message id.
    expect(document[0]).toMatchObject({ mediaType: 'document', body: 'Segue', media: { filename: 'nota.pdf' } });
    const image = events(message({ ephemeralMessage: { message: { imageMessage: { caption: 'Foto' } } } }));
    expect(image[0]).toMatchObject({ mediaType: 'image', body: 'Foto' });
  });

  it('skips our own echoes, status broadcasts and revokes; a reaction points at its message', () => {
    expect(events(message({ conversation: 'eco' }, { IsFromMe: true }))).toEqual([]);
    expect(events(message({ conversation: 's' }, { Chat: 'status@broadcast' }))).toEqual([]);
    expect(events(message({ protocolMessage: { type: 0 } }))).toEqual([]);
    expect(events(message({ reactionMessage: { key: { ID: '3EB0X', fromMe: true }, text: '👍' } }))).toEqual([
      {
        kind: 'reaction',
        externalId: '3A0001',
        from: { kind: 'phone', value: customer },
        targetExternalId: '3EB0X',
        emoji: '👍',
      },
    ]);
  });

  it('takes the phone of a LID chat from SenderAlt, or keeps the LID', () => {
    const withAlt = events(
      message({ conversation: 'Oi' }, { Chat: '123456789012345@lid', SenderAlt: `${customer}@s.whatsapp.net` }),
    );
    expect(withAlt[0]).toMatchObject({ from: { kind: 'phone', value: customer, lid: '123456789012345' } });
    const lidOnly = events(message({ conversation: 'Oi' }, { Chat: '123456789012345@lid' }));
    expect(lidOnly[0]).toMatchObject({ from: { kind: 'lid', value: '123456789012345' } });
  });

  it('maps receipts, session events and QR codes; unknown shapes are nothing, not an error', () => {
    const receipt = (state: string, IsFromMe = false) =>
      events({
        type: 'ReadReceipt',
        state,
        event: { Chat: `${customer}@s.whatsapp.net`, IsFromMe, MessageIDs: ['3EB0A', '3EB0B'] },
      });
    expect(receipt('Delivered')).toEqual([{ kind: 'ack', externalIds: ['3EB0A', '3EB0B'], status: 'delivered' }]);
    expect(receipt('Read')).toEqual([{ kind: 'ack', externalIds: ['3EB0A', '3EB0B'], status: 'read' }]);
    expect(receipt('ReadSelf')).toEqual([]);
    expect(receipt('Read', true)).toEqual([]);
    expect(events({ type: 'Connected', event: {} })).toEqual([{ kind: 'connected', number: null }]);
    expect(events({ type: 'PairSuccess', event: { ID: '5511940002000:12@s.whatsapp.net' } })).toEqual([
      { kind: 'connected', number: '+5511940002000' },
    ]);
    expect(events({ type: 'LoggedOut', event: { Reason: 401 } })).toEqual([
      { kind: 'down', reason: 'ERR_WAPP_LOGGED_OUT' },
    ]);
    expect(events({ type: 'Disconnected', event: {} })[0]).toMatchObject({ reason: 'ERR_WAPP_CONNECTION_CLOSED' });
    expect(events({ type: 'TemporaryBan', event: {} })[0]).toMatchObject({ reason: 'ERR_WAPP_FORBIDDEN' });
    expect(events({ type: 'ConnectFailure', event: { Reason: 401 } })[0]).toMatchObject({
      reason: 'ERR_WAPP_LOGGED_OUT',
    });
    expect(events({ type: 'QR', event: 'code', qrCodeBase64: 'data:image/png;base64,AAAA' })).toEqual([
      { kind: 'qrcode', qrcode: 'data:image/png;base64,AAAA' },
    ]);
    expect(events({ type: 'QRTimeout', event: 'timeout' })).toEqual([{ kind: 'qrcode-expired' }]);
    expect(events({ type: 'ChatPresence', event: {} })).toEqual([]);
    expect(events({ type: 'Message', event: { nonsense: true } })).toEqual([]);
    expect(parseWuzapiPayload({ hello: 'world' })).toBeNull();
  });
});

describe('wuzapi helpers', () => {
  it('reads the number of a linked device JID', () => {
    expect(wuzapiNumber('5511940002000:12@s.whatsapp.net')).toBe('+5511940002000');
    expect(wuzapiNumber('5491155554444.0:52@s.whatsapp.net')).toBe('+5491155554444');
    expect(wuzapiNumber('')).toBeNull();
    expect(wuzapiNumber(null)).toBeNull();
  });

  it('turns server answers into catalogue codes and retry decisions', () => {
    expect(new WuzapiError(401, 'unauthorized', true).reason).toBe('ERR_WUZAPI_ADMIN_TOKEN');
    expect(new WuzapiError(401, 'unauthorized', false).toSendError()).toMatchObject({
      reason: 'ERR_WAPP_NOT_INITIALIZED',
      retryable: false,
      connectionDown: true,
    });
    expect(new WuzapiError(500, 'no session', false).toSendError()).toMatchObject({
      reason: 'ERR_WAPP_NOT_INITIALIZED',
      retryable: true,
      connectionDown: false,
    });
    expect(new WuzapiError(400, 'could not parse Phone', false).toSendError()).toMatchObject({
      reason: 'ERR_WAPP_INVALID_CONTACT',
      retryable: false,
    });
    expect(new WuzapiError(0, 'ECONNREFUSED', false).toSendError()).toMatchObject({
      reason: 'ERR_WUZAPI_UNREACHABLE',
      retryable: true,
    });
    // A timeout may have sent it: never repeated blindly.
    expect(new WuzapiError(0, 'timeout', false, true).toSendError()).toMatchObject({
      reason: 'ERR_SEND_INTERRUPTED',
      retryable: false,
    });
    expect(new WuzapiError(502, 'bad gateway', false).toSendError()).toMatchObject({ retryable: true });
  });
});
