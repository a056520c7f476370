import { describe, expect, it } from 'vitest';
import { EvolutionError } from './evolution-api.js';
import { parseEvolutionWebhook } from './evolution-webhook.js';

const envelope = (event: string, data: unknown) => ({
  event,
  instance: 'prosa-1-2-abcdef12',
  data,
  destination: 'http://prosa.test/evolutionhooks/x',
  date_time: '2025-10-01T12:00:00.000Z',
  sender: '5511940001000@s.whatsapp.net',
  server_url: 'http://evolution.test',
  apikey: 'INSTANCE-TOKEN',
});

const upsert = (key: Record<string, unknown>, message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  envelope('messages.upsert', {
    key: { remoteJid: '5511987650001@s.whatsapp.net', fromMe: false, id: '3AAA', ...key },
    pushName: 'Marina Costa',
    status: 'DELIVERY_ACK',
    message,
    messageType: Object.keys(message)[0],
    messageTimestamp: 1_759_320_000,
    instanceId: 'f1d4',
    source: 'android',
    ...extra,
  });

const events = (payload: unknown) => parseEvolutionWebhook(payload)?.events ?? [];

describe('parseEvolutionWebhook', () => {
  it('reads a text, a reply (with its quote) and the sender, dated in milliseconds', () => {
    expect(events(upsert({}, { conversation: 'Oi' }))).toEqual([
      expect.objectContaining({
        kind: 'message',
        externalId: '3AAA',
        from: { kind: 'phone', value: '5511987650001' },
        name: 'Marina Costa',
        timestamp: 1_759_320_000_000,
        mediaType: 'chat',
        body: 'Oi',
        quotedExternalId: null,
      }),
    ]);
    const reply = events(
      upsert({}, { extendedTextMessage: { text: 'Esse mesmo', contextInfo: { stanzaId: '3EB0QUOTED' } } }),
    );
    expect(reply[0]).toMatchObject({ body: 'Esse mesmo', quotedExternalId: '3EB0QUOTED' });
  });

  it('reads media kinds: a voice note is ptt, a document keeps its name, wrapped content is unwrapped', () => {
    const voice = events(
      upsert({}, { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true }, base64: 'T2dnUw==' }),
    );
    expect(voice[0]).toMatchObject({ mediaType: 'ptt', media: { base64: 'T2dnUw==', mime: 'audio/ogg; codecs=opus' } });
    const song = events(upsert({}, { audioMessage: { mimetype: 'audio/mpeg', ptt: false } }));
    expect(song[0]).toMatchObject({ mediaType: 'audio', media: { base64: null } });
    const document = events(
      upsert(
        {},
        {
          documentWithCaptionMessage: {
            message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'Segue' } },
          },
        },
      ),
    );
    expect(document[0]).toMatchObject({ mediaType: 'document', body: 'Segue', media: { filename: 'nota.pdf' } });
    const image = events(
      upsert({}, { imageMessage: { mimetype: 'image/jpeg', caption: 'Foto' }, messageContextInfo: {} }),
    );
    expect(image[0]).toMatchObject({ mediaType: 'image', body: 'Foto' });
  });

  it('skips our own echoes, unsigned group messages, status broadcasts and revokes; a reaction points at its message', () => {
    expect(events(upsert({ fromMe: true }, { conversation: 'eco' }))).toEqual([]);
    // A group message that names no member has no sender.
    expect(events(upsert({ remoteJid: '120363000000000000@g.us' }, { conversation: 'grupo' }))).toEqual([]);
    expect(events(upsert({ remoteJid: 'status@broadcast' }, { conversation: 'status' }))).toEqual([]);
    expect(events(upsert({}, { protocolMessage: { type: 0 } }))).toEqual([]);
    expect(events(upsert({}, { reactionMessage: { key: { id: '3EB0X' }, text: '👍' } }))).toEqual([
      {
        kind: 'reaction',
        externalId: '3AAA',
        from: { kind: 'phone', value: '5511987650001' },
        targetExternalId: '3EB0X',
        emoji: '👍',
      },
    ]);
  });

  it('takes the phone of a LID chat from its alternate JID, or keeps the LID', () => {
    const withAlt = events(
      upsert(
        { remoteJid: '123456789012345@lid', remoteJidAlt: '5511987650001@s.whatsapp.net' },
        { conversation: 'Oi' },
      ),
    );
    expect(withAlt[0]).toMatchObject({ from: { kind: 'phone', value: '5511987650001', lid: '123456789012345' } });
    const lidOnly = events(upsert({ remoteJid: '123456789012345@lid' }, { conversation: 'Oi' }));
    expect(lidOnly[0]).toMatchObject({ from: { kind: 'lid', value: '123456789012345' } });
  });

  it("reads a group member's message: the group beside the member who wrote it (their phone beside a LID)", () => {
    const group = { remoteJid: '120363000000000001@g.us', participant: '5511977770002@s.whatsapp.net' };
    expect(events(upsert(group, { conversation: 'Bom dia' }))[0]).toMatchObject({
      kind: 'message',
      from: { kind: 'phone', value: '5511977770002' },
      groupId: '120363000000000001',
      body: 'Bom dia',
    });
    const lid = events(
      upsert(
        { ...group, participant: '22233344455566@lid', participantAlt: '5511977770002@s.whatsapp.net' },
        { conversation: 'Oi' },
      ),
    );
    expect(lid[0]).toMatchObject({ from: { kind: 'phone', value: '5511977770002', lid: '22233344455566' } });
    expect(events(upsert({}, { conversation: 'Oi' }))[0]).toMatchObject({ groupId: null });
  });

  it('reads members joining and leaving a group, with their phones (never a LID taken for one)', () => {
    const update = (data: Record<string, unknown>, event = 'group-participants.update') =>
      events(envelope(event, { id: '120363000000000001@g.us', action: 'add', ...data }));
    expect(
      update({
        author: '5511911112222@s.whatsapp.net',
        participants: ['5511966660001@s.whatsapp.net', '22233344455566@lid', '99988877766655@lid'],
        participantsData: [
          { jid: '5511966660001@s.whatsapp.net', phoneNumber: '5511966660001@s.whatsapp.net' },
          { jid: '22233344455566@lid', phoneNumber: '5511966660002@s.whatsapp.net' },
          // Evolution's fallback when the member is no longer listed: the JID's user part.
          { jid: '99988877766655@lid', phoneNumber: '99988877766655' },
        ],
      }),
    ).toEqual([
      {
        kind: 'group-participants',
        change: {
          groupId: '120363000000000001@g.us',
          action: 'add',
          author: '5511911112222@s.whatsapp.net',
          participants: [
            { id: '5511966660001@s.whatsapp.net', number: '5511966660001' },
            { id: '22233344455566@lid', number: '5511966660002' },
            { id: '99988877766655@lid', number: null },
          ],
        },
      },
    ]);
    // Baileys 7 members as objects (Evolution's fallback passes them on as they are), the event in UPPER_SNAKE.
    const objects = update(
      { action: 'remove', participants: [{ id: '22233344455566@lid', phoneNumber: '5511966660002@s.whatsapp.net' }] },
      'GROUP_PARTICIPANTS_UPDATE',
    );
    expect(objects[0]).toMatchObject({
      change: { action: 'remove', author: null, participants: [{ id: '22233344455566@lid', number: '5511966660002' }] },
    });
    expect(update({ action: 'modify', participants: ['5511966660001@s.whatsapp.net'] })).toEqual([]);
    expect(update({ id: '5511966660001@s.whatsapp.net', participants: [] })).toEqual([]);
  });

  it('maps acks, connection changes and QR codes', () => {
    const ack = (status: string, fromMe = true) =>
      events(envelope('messages.update', { keyId: '3EB0A', remoteJid: 'x@s.whatsapp.net', fromMe, status }));
    expect(ack('SERVER_ACK')).toEqual([{ kind: 'ack', externalId: '3EB0A', status: 'sent' }]);
    expect(ack('DELIVERY_ACK')[0]).toMatchObject({ status: 'delivered' });
    expect(ack('READ')[0]).toMatchObject({ status: 'read' });
    expect(ack('PLAYED')[0]).toMatchObject({ status: 'read' });
    expect(ack('ERROR')[0]).toMatchObject({ status: 'failed' });
    expect(ack('PENDING')).toEqual([]);
    expect(ack('READ', false)).toEqual([]);
    expect(
      events(
        envelope('connection.update', {
          instance: 'i',
          wuid: '5511940001000@s.whatsapp.net',
          state: 'open',
          statusReason: 200,
        }),
      ),
    ).toEqual([{ kind: 'connection', state: 'open', number: '5511940001000', reason: 200 }]);
    expect(events(envelope('connection.update', { instance: 'i', state: 'close', statusReason: 401 }))).toEqual([
      { kind: 'connection', state: 'close', number: null, reason: 401 },
    ]);
    expect(
      events(envelope('qrcode.updated', { qrcode: { base64: 'data:image/png;base64,AAAA', code: '2@x' } })),
    ).toEqual([{ kind: 'qrcode', qrcode: 'data:image/png;base64,AAAA' }]);
    expect(events(envelope('qrcode.updated', { message: 'QR code limit reached', statusCode: 500 }))).toEqual([
      { kind: 'qrcode-expired' },
    ]);
    // Config-style names are read too; unknown shapes are nothing, not an error.
    expect(events(envelope('MESSAGES_UPDATE', { keyId: 'k', fromMe: true, status: 'READ' }))).toHaveLength(1);
    expect(events(envelope('messages.upsert', { nonsense: true }))).toEqual([]);
    expect(parseEvolutionWebhook({ hello: 'world' })).toBeNull();
  });
});

describe('EvolutionError', () => {
  it('turns gateway answers into catalogue codes and retry decisions', () => {
    const refusedKey = new EvolutionError(401, 'Unauthorized', 'HTTP 401').toSendError();
    expect(refusedKey).toMatchObject({ reason: 'ERR_EVOLUTION_API_KEY', retryable: false, connectionDown: true });
    const gone = new EvolutionError(404, ['The "x" instance does not exist'], 'HTTP 404').toSendError();
    expect(gone).toMatchObject({ reason: 'ERR_WAPP_NOT_INITIALIZED', retryable: false, connectionDown: true });
    const notOnWhatsapp = new EvolutionError(400, [{ exists: false, jid: 'x', number: '1' }], 'HTTP 400').toSendError();
    expect(notOnWhatsapp).toMatchObject({
      reason: 'ERR_WAPP_INVALID_CONTACT',
      retryable: false,
      connectionDown: false,
    });
    const closed = new EvolutionError(400, ['Error: Connection Closed'], 'HTTP 400').toSendError();
    expect(closed).toMatchObject({ reason: 'ERR_WAPP_NOT_INITIALIZED', retryable: true });
    expect(new EvolutionError(0, null, 'ECONNREFUSED').toSendError()).toMatchObject({
      reason: 'ERR_EVOLUTION_UNREACHABLE',
      retryable: true,
    });
    // A timeout may have sent it: never repeated blindly.
    expect(new EvolutionError(0, null, 'timeout', true).toSendError()).toMatchObject({
      reason: 'ERR_SEND_INTERRUPTED',
      retryable: false,
    });
    expect(new EvolutionError(500, null, 'HTTP 500').toSendError()).toMatchObject({ retryable: true });
  });
});

describe('Evolution call events', () => {
  const call = (fields: Record<string, unknown>) =>
    envelope('call', {
      id: 'CALL01',
      from: '5511987650001@s.whatsapp.net',
      chatId: '5511987650001@s.whatsapp.net',
      isGroup: false,
      isVideo: false,
      date: '2026-01-30T18:40:28.000Z',
      status: 'offer',
      offline: false,
      ...fields,
    });

  it("reads Baileys' WACallEvent offer; a LID caller is filed under callerPn", () => {
    expect(parseEvolutionWebhook(call({}))?.events).toEqual([
      {
        kind: 'call',
        callId: 'CALL01',
        callerJid: '5511987650001@s.whatsapp.net',
        from: { kind: 'phone', value: '5511987650001' },
        video: false,
        timestamp: Date.parse('2026-01-30T18:40:28.000Z'),
      },
    ]);
    const lid = call({ from: '81896604192873@lid', callerPn: '5511987650001@s.whatsapp.net', isVideo: true });
    expect(parseEvolutionWebhook(lid)?.events[0]).toMatchObject({
      from: { kind: 'phone', value: '5511987650001', lid: '81896604192873' },
      video: true,
    });
  });

  it("skips a call's later states and group calls", () => {
    for (const status of ['ringing', 'timeout', 'reject', 'terminate'])
      expect(parseEvolutionWebhook(call({ status }))?.events).toEqual([]);
    expect(parseEvolutionWebhook(call({ isGroup: true }))?.events).toEqual([]);
  });
});
