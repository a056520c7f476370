import { describe, expect, it } from 'vitest';
import { UazapiError } from './uazapi-api.js';
import { parseUazapiWebhook, uazapiDeliveryToken } from './uazapi-webhook.js';

const owner = '5511940003000';
const envelope = (eventType: string, fields: Record<string, unknown>) => ({
  BaseUrl: 'https://loja.uazapi.com',
  EventType: eventType,
  instanceName: 'prosa-1-2-abcdef01',
  owner,
  token: '6f1c2d3e-0000-4a4a-9b9b-123456789abc',
  ...fields,
});

/** A `messages` event for a customer's message as uazapi posts it (a LID chat with the phone beside it). */
const message = (fields: Record<string, unknown>) =>
  envelope('messages', {
    chat: { wa_chatid: '5511987650001@s.whatsapp.net', wa_chatlid: '81896604192873@lid', name: 'Marina' },
    message: {
      chatid: '5511987650001@s.whatsapp.net',
      content: { text: 'Oi', contextInfo: { expiration: 0 } },
      edited: '',
      fromMe: false,
      id: `${owner}:AC0001`,
      isGroup: false,
      mediaType: '',
      messageTimestamp: 1_769_798_428_000,
      messageType: 'Conversation',
      messageid: 'AC0001',
      owner,
      quoted: '',
      reaction: '',
      sender: '81896604192873@lid',
      senderName: 'Marina Costa',
      sender_lid: '81896604192873@lid',
      sender_pn: '5511987650001@s.whatsapp.net',
      text: 'Oi',
      type: 'text',
      wasSentByApi: false,
      ...fields,
    },
  });

const events = (payload: unknown) => parseUazapiWebhook(payload)?.events ?? [];

describe('parseUazapiWebhook', () => {
  it('reads a text: the phone from sender_pn with the LID beside it, the name, the date in ms, a reply', () => {
    expect(parseUazapiWebhook(message({}))).toEqual({
      instanceName: 'prosa-1-2-abcdef01',
      owner,
      events: [
        expect.objectContaining({
          kind: 'message',
          externalId: 'AC0001',
          from: { kind: 'phone', value: '5511987650001', lid: '81896604192873' },
          name: 'Marina Costa',
          timestamp: 1_769_798_428_000,
          mediaType: 'chat',
          body: 'Oi',
          media: null,
          quotedExternalId: null,
        }),
      ],
    });
    expect(events(message({ messageType: 'ExtendedTextMessage', quoted: '3EB0QUOTED' }))[0]).toMatchObject({
      quotedExternalId: '3EB0QUOTED',
    });
    // uazapi's own `<owner>:<id>` form is read as WhatsApp's id; a date in seconds as seconds.
    expect(events(message({ quoted: `${owner}:3EB0QUOTED`, messageTimestamp: 1_769_798_428 }))[0]).toMatchObject({
      quotedExternalId: '3EB0QUOTED',
      timestamp: 1_769_798_428_000,
    });
  });

  it('keeps a LID-only sender as a LID, and the phone chat when there is no LID', () => {
    expect(
      events(message({ chatid: '81896604192873@lid', sender_pn: '', sender: '81896604192873@lid' }))[0],
    ).toMatchObject({ from: { kind: 'lid', value: '81896604192873' } });
    expect(events(message({ sender: '5511987650001@s.whatsapp.net', sender_lid: '', sender_pn: '' }))[0]).toMatchObject(
      { from: { kind: 'phone', value: '5511987650001' } },
    );
  });

  it('reads media (the file is fetched later by id), voice notes, documents, locations and contact cards', () => {
    const image = events(
      message({
        messageType: 'ImageMessage',
        mediaType: 'image',
        type: 'media',
        text: 'Veio assim',
        content: { URL: 'https://mmg.whatsapp.net/x.enc', mimetype: 'image/jpeg', caption: 'Veio assim' },
      }),
    )[0];
    expect(image).toMatchObject({
      mediaType: 'image',
      body: 'Veio assim',
      media: { mime: 'image/jpeg', filename: null },
    });
    const voice = events(
      message({
        messageType: 'AudioMessage',
        mediaType: 'ptt',
        text: '',
        content: { mimetype: 'audio/ogg; codecs=opus', PTT: true, seconds: 3 },
      }),
    )[0];
    expect(voice).toMatchObject({ mediaType: 'ptt', body: '', media: { mime: 'audio/ogg; codecs=opus' } });
    const music = events(message({ messageType: 'AudioMessage', mediaType: 'audio', text: '', content: {} }))[0];
    expect(music).toMatchObject({ mediaType: 'audio' });
    const document = events(
      message({
        messageType: 'DocumentMessage',
        mediaType: 'document',
        text: '',
        content: { mimetype: 'application/pdf', fileName: 'nota.pdf' },
      }),
    )[0];
    expect(document).toMatchObject({ mediaType: 'document', media: { mime: 'application/pdf', filename: 'nota.pdf' } });
    const location = events(
      message({
        messageType: 'LocationMessage',
        mediaType: 'location',
        text: '',
        content: { degreesLatitude: -8.03, degreesLongitude: -34.89, name: 'Loja', address: 'Rua A, 1' },
      }),
    )[0];
    expect(location).toMatchObject({
      mediaType: 'location',
      body: 'Loja - Rua A, 1\nhttps://maps.google.com/maps?q=-8.03,-34.89',
      media: null,
    });
    const card = events(
      message({
        messageType: 'ContactMessage',
        text: '',
        content: {
          displayName: 'João',
          vcard: 'BEGIN:VCARD\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD',
        },
      }),
    )[0];
    expect(card).toMatchObject({ mediaType: 'vcard', body: 'João +55 11 91234-5678' });
  });

  it('reads a reaction (and its removal) by the id of the message reacted to', () => {
    const reaction = message({
      messageType: 'ReactionMessage',
      type: 'reaction',
      text: '❤️',
      reaction: 'AC7FDD5E',
      content: { key: { remoteJID: '81896604192873@lid', fromMe: true, ID: 'AC7FDD5E' }, text: '❤️' },
    });
    expect(events(reaction)).toEqual([
      {
        kind: 'reaction',
        externalId: 'AC0001',
        from: { kind: 'phone', value: '5511987650001', lid: '81896604192873' },
        targetExternalId: 'AC7FDD5E',
        emoji: '❤️',
      },
    ]);
    expect(events(message({ messageType: 'ReactionMessage', reaction: 'AC7FDD5E', text: '' }))[0]).toMatchObject({
      kind: 'reaction',
      emoji: '',
    });
  });

  it('skips our own sends, messages typed on our phone, edits and broadcasts', () => {
    expect(events(message({ fromMe: true }))).toEqual([]);
    expect(events(message({ wasSentByApi: true }))).toEqual([]);
    expect(events(message({ edited: 'AC0000' }))).toEqual([]);
    expect(events(message({ chatid: 'status@broadcast', sender: 'x', sender_pn: '', sender_lid: '' }))).toEqual([]);
  });

  it('reads receipts: delivered, read and played move our messages; our own devices and unknown states do not', () => {
    const receipt = (state: string, extra: Record<string, unknown> = {}) =>
      envelope('messages_update', {
        type: 'ReadReceipt',
        state,
        event: {
          Chat: '5511987650001@s.whatsapp.net',
          IsFromMe: false,
          IsGroup: false,
          MessageIDs: ['3EB0A', '3EB0B'],
          Timestamp: 1_769_798_430,
          Type: state,
          ...extra,
        },
      });
    expect(events(receipt('Delivered'))).toEqual([
      { kind: 'ack', externalIds: ['3EB0A', '3EB0B'], status: 'delivered' },
    ]);
    expect(events(receipt('Read'))[0]).toMatchObject({ status: 'read' });
    expect(events(receipt('Played'))[0]).toMatchObject({ status: 'read' });
    // whatsmeow's booleans as strings: "True" is one of our devices reading.
    expect(events(receipt('Read', { IsFromMe: 'True' }))).toEqual([]);
    expect(events(receipt('Read', { IsFromMe: 'False' }))[0]).toMatchObject({ status: 'read' });
    expect(events(receipt('ReadSelf'))).toEqual([]);
    expect(events(receipt('Delivered', { MessageIDs: [] }))).toEqual([]);
    // The flatter form: one message's id and status.
    expect(events(envelope('messages_update', { messageid: '3EB0C', status: 'Read', fromMe: true }))).toEqual([
      { kind: 'ack', externalIds: ['3EB0C'], status: 'read' },
    ]);
  });

  it('reads connection events: connected as the owner, a QR while connecting, why it disconnected', () => {
    const connection = (instance: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      envelope('connection', { instance: { name: 'prosa-1-2-abcdef01', ...instance }, ...extra });
    expect(events(connection({ status: 'connected' }))).toEqual([
      { kind: 'connection', status: 'connected', number: owner, qrcode: null, reason: 'ERR_WAPP_CONNECTION_CLOSED' },
    ]);
    expect(
      events(connection({ status: 'connecting', qrcode: 'data:image/png;base64,iVBOR' }, { owner: '' }))[0],
    ).toMatchObject({ status: 'connecting', number: null, qrcode: 'data:image/png;base64,iVBOR' });
    expect(
      events(
        connection(
          { status: 'disconnected', lastDisconnectReason: '401: logged out from another device' },
          { type: 'LoggedOut' },
        ),
      )[0],
    ).toMatchObject({ status: 'disconnected', reason: 'ERR_WAPP_LOGGED_OUT' });
    expect(events(connection({ status: 'disconnected', lastDisconnectReason: 'connection lost' }))[0]).toMatchObject({
      reason: 'ERR_WAPP_CONNECTION_CLOSED',
    });
    expect(events(connection({ status: 'hibernating' }))).toEqual([]);
  });

  it('takes unknown events and shapes as nothing, and garbage as no envelope at all', () => {
    expect(events(envelope('presence', { event: { Chat: 'x' } }))).toEqual([]);
    expect(events(envelope('messages', { message: { text: 'sem id' } }))).toEqual([]);
    expect(events(envelope('messages_update', { event: 'texto' }))).toEqual([]);
    expect(parseUazapiWebhook(null)).toBeNull();
    expect(parseUazapiWebhook('texto')).toBeNull();
    expect(parseUazapiWebhook({ EventType: 'messages' })).toBeNull();
  });

  it('reads the documented { event, instance, data } envelope as the flat one, the instance named by id only', () => {
    // The "real" text example uazapi's users publish, as posted (data is the Message, `instance` the id).
    const text = {
      event: 'message',
      instance: 'r1a2b3c4d5e6f7',
      data: {
        chatid: '554399806366@s.whatsapp.net',
        content: 'Bom dia',
        fromMe: false,
        id: '554396711808:AC429C9CDF29E4C66D35EB8F8546C675',
        isGroup: false,
        messageTimestamp: 1765454975000,
        messageType: 'Conversation',
        messageid: 'AC429C9CDF29E4C66D35EB8F8546C675',
        sender: '180182702931994@lid',
        senderName: 'Eliane',
        sender_lid: '180182702931994@lid',
        sender_pn: '554399806366@s.whatsapp.net',
        text: 'Bom dia',
        wasSentByApi: false,
      },
      owner: '554396711808',
      token: 'cffe239e-d9b8-4d3a-9a6a-cc57f061face',
    };
    expect(parseUazapiWebhook(text)).toMatchObject({
      instanceName: null,
      owner: '554396711808',
      events: [
        {
          kind: 'message',
          externalId: 'AC429C9CDF29E4C66D35EB8F8546C675',
          from: { kind: 'phone', value: '554399806366', lid: '180182702931994' },
          body: 'Bom dia',
        },
      ],
    });
    const status = {
      event: 'status',
      instance: 'r1a2b3c4d5e6f7',
      data: { type: 'ReadReceipt', state: 'Read', event: { MessageIDs: ['3EB0AAA'], IsFromMe: false } },
      token: 't',
    };
    expect(parseUazapiWebhook(status)?.events).toEqual([{ kind: 'ack', externalIds: ['3EB0AAA'], status: 'read' }]);
    const connection = {
      event: 'connection',
      instance: 'r1a2b3c4d5e6f7',
      data: { status: 'disconnected', lastDisconnectReason: '401: logged out from another device', owner },
      token: 't',
    };
    expect(parseUazapiWebhook(connection)?.events).toEqual([
      { kind: 'connection', status: 'disconnected', number: owner, qrcode: null, reason: 'ERR_WAPP_LOGGED_OUT' },
    ]);
  });

  it('finds the instance token a delivery carries', () => {
    expect(uazapiDeliveryToken(message({}))).toBe('6f1c2d3e-0000-4a4a-9b9b-123456789abc');
    expect(uazapiDeliveryToken({ token: 12 })).toBeNull();
    expect(uazapiDeliveryToken(null)).toBeNull();
  });
});

describe('UazapiError', () => {
  it('names the reason and how the outbound queue takes it', () => {
    expect(new UazapiError(0, 'network', false).reason).toBe('ERR_UAZAPI_UNREACHABLE');
    expect(new UazapiError(0, 'timeout', true).reason).toBe('ERR_SEND_INTERRUPTED');
    expect(new UazapiError(401, 'Invalid AdminToken Header', false, true).reason).toBe('ERR_UAZAPI_ADMIN_TOKEN');
    expect(new UazapiError(401, 'Invalid token').reason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(new UazapiError(500, 'No session').reason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(new UazapiError(400, 'the number 5511 is not on WhatsApp').reason).toBe('ERR_WAPP_INVALID_CONTACT');
    expect(new UazapiError(500, 'Failed to send message').reason).toBe('ERR_SENDING_WAPP_MSG');

    // A refused token is an instance gone from the server (made again on the next start); "No session" is not.
    expect(new UazapiError(401, 'Invalid token').isInstanceGone).toBe(true);
    expect(new UazapiError(401, 'No session').isInstanceGone).toBe(false);
    expect(new UazapiError(401, 'Invalid AdminToken Header', false, true).isInstanceGone).toBe(false);

    expect(new UazapiError(401, 'Invalid token').toSendError()).toMatchObject({
      retryable: false,
      connectionDown: true,
    });
    expect(new UazapiError(500, 'No session').toSendError()).toMatchObject({ retryable: false, connectionDown: true });
    expect(new UazapiError(500, 'Failed to send message').toSendError()).toMatchObject({
      retryable: true,
      connectionDown: false,
    });
    expect(new UazapiError(429, 'Rate limit exceeded').toSendError().retryable).toBe(true);
    expect(new UazapiError(0, 'refused').toSendError().retryable).toBe(true);
    expect(new UazapiError(0, 'timeout', true).toSendError().retryable).toBe(false);
    expect(new UazapiError(400, 'Missing number or text').toSendError()).toMatchObject({
      retryable: false,
      connectionDown: false,
    });
  });
});

describe('uazapi call events', () => {
  const offer = (fields: Record<string, unknown>) =>
    envelope('call', {
      type: 'CallOffer',
      event: {
        From: '5511987650001@s.whatsapp.net',
        CallCreator: '5511987650001@s.whatsapp.net',
        CallID: 'CALL01',
        Timestamp: '2026-01-30T18:40:28Z',
        GroupJID: '',
        ...fields,
      },
    });

  it("reads whatsmeow's offer: the caller as /call/reject takes them, video from the offer node", () => {
    expect(parseUazapiWebhook(offer({}))?.events).toEqual([
      {
        kind: 'call',
        callId: 'CALL01',
        callerNumber: '5511987650001',
        from: { kind: 'phone', value: '5511987650001' },
        video: false,
        timestamp: Date.parse('2026-01-30T18:40:28Z'),
      },
    ]);
    const video = offer({ Data: { Tag: 'offer', Content: [{ Tag: 'audio' }, { Tag: 'video' }] } });
    expect(parseUazapiWebhook(video)?.events[0]).toMatchObject({ video: true });
    const lid = offer({ CallCreator: '81896604192873@lid', From: '81896604192873@lid' });
    expect(parseUazapiWebhook(lid)?.events[0]).toMatchObject({ callerNumber: '81896604192873@lid' });
  });

  it('reads the flatter { id, from, isVideo } form; skips later states, group calls and calls without an id', () => {
    const flat = envelope('call', { id: 'CALL02', from: '5511987650001@s.whatsapp.net', isVideo: true });
    expect(parseUazapiWebhook(flat)?.events[0]).toMatchObject({ callId: 'CALL02', video: true });
    expect(parseUazapiWebhook({ ...offer({}), type: 'CallTerminate' })?.events).toEqual([]);
    expect(parseUazapiWebhook(offer({ GroupJID: '120363000000000000@g.us' }))?.events).toEqual([]);
    expect(parseUazapiWebhook(offer({ CallID: '' }))?.events).toEqual([]);
  });
});
