import { describe, expect, it } from 'vitest';
import { ackStatusOf, jidOf, millisOf, parseBaileysMessage } from './baileys-message.js';

const key = { remoteJid: '5511987650001@s.whatsapp.net', fromMe: false, id: 'ABC' };

describe('parseBaileysMessage', () => {
  it('reads text (conversation and extended text), the sender, the name and the quoted id', () => {
    expect(
      parseBaileysMessage({ key, message: { conversation: 'Oi' }, pushName: ' Ana ', messageTimestamp: 1_700_000_000 }),
    ).toEqual({
      kind: 'message',
      externalId: 'ABC',
      chat: { kind: 'phone', value: '5511987650001' },
      sender: { kind: 'phone', value: '5511987650001' },
      name: 'Ana',
      timestamp: 1_700_000_000_000,
      mediaType: 'chat',
      body: 'Oi',
      media: null,
      quotedExternalId: null,
    });
    expect(
      parseBaileysMessage({
        key,
        message: { extendedTextMessage: { text: 'Sobre isso', contextInfo: { stanzaId: 'Q1' } } },
      }),
    ).toMatchObject({ body: 'Sobre isso', quotedExternalId: 'Q1' });
  });

  it('prefers the phone from a LID chat with its alternate JID, and keeps a bare LID as such', () => {
    expect(
      parseBaileysMessage({
        key: { remoteJid: '99887766@lid', remoteJidAlt: '5511987650001@s.whatsapp.net', id: 'L1' },
        message: { conversation: 'x' },
      }),
    ).toMatchObject({ chat: { kind: 'phone', value: '5511987650001', lid: '99887766' } });
    expect(
      parseBaileysMessage({ key: { remoteJid: '99887766@lid', id: 'L2' }, message: { conversation: 'x' } }),
    ).toMatchObject({ chat: { kind: 'lid', value: '99887766' } });
  });

  it('makes the group the chat and the participant (its phone when known) the sender', () => {
    expect(
      parseBaileysMessage({
        key: {
          remoteJid: '1203630@g.us',
          participant: '111@lid',
          participantAlt: '5511977776666@s.whatsapp.net',
          id: 'G1',
        },
        message: { conversation: 'oi grupo' },
        pushName: 'Paulo',
      }),
    ).toMatchObject({
      chat: { kind: 'group', value: '1203630' },
      sender: { kind: 'phone', value: '5511977776666', lid: '111' },
      name: 'Paulo',
    });
  });

  it('reads media (voice notes as ptt, captions, documents inside their wrapper), locations and contacts', () => {
    expect(
      parseBaileysMessage({ key, message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } } }),
    ).toMatchObject({ mediaType: 'ptt', media: { mime: 'audio/ogg; codecs=opus', filename: null } });
    expect(parseBaileysMessage({ key, message: { audioMessage: { mimetype: 'audio/mpeg' } } })).toMatchObject({
      mediaType: 'audio',
    });
    expect(
      parseBaileysMessage({
        key,
        message: { ephemeralMessage: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'foto' } } } },
      }),
    ).toMatchObject({ mediaType: 'image', body: 'foto' });
    expect(
      parseBaileysMessage({
        key,
        message: {
          documentWithCaptionMessage: {
            message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'segue' } },
          },
        },
      }),
    ).toMatchObject({ mediaType: 'document', body: 'segue', media: { filename: 'nota.pdf' } });
    expect(
      parseBaileysMessage({
        key,
        message: { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } },
      }),
    ).toMatchObject({ mediaType: 'location', body: 'Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6' });
    expect(
      parseBaileysMessage({
        key,
        message: {
          contactMessage: {
            displayName: 'Bia',
            vcard: 'BEGIN:VCARD\nFN:Bia\nitem1.TEL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD',
          },
        },
      }),
    ).toMatchObject({ mediaType: 'vcard', body: 'Bia +55 11 91234-5678' });
  });

  it('reads edits and revokes (numeric or named types) as changes of the target message, dated', () => {
    expect(
      parseBaileysMessage({
        key,
        messageTimestamp: 1_700_000_000,
        message: {
          protocolMessage: {
            key: { id: 'T1' },
            type: 14,
            editedMessage: { conversation: 'novo' },
            timestampMs: 1_700_000_000_250,
          },
        },
      }),
    ).toEqual({ kind: 'edit', targetExternalId: 'T1', body: 'novo', at: 1_700_000_000_250 });
    expect(
      parseBaileysMessage({
        key,
        messageTimestamp: 1_700_000_005,
        message: { protocolMessage: { key: { id: 'T1' }, type: 'REVOKE' } },
      }),
    ).toEqual({ kind: 'revoke', targetExternalId: 'T1', at: 1_700_000_005_000 });
    // Other protocol messages (history sync, key shares) are not ours.
    expect(parseBaileysMessage({ key, message: { protocolMessage: { type: 5 } } })).toBeNull();
  });

  it('skips our own echoes, status broadcasts, reactions, signalling and garbage', () => {
    expect(parseBaileysMessage({ key: { ...key, fromMe: true }, message: { conversation: 'eco' } })).toBeNull();
    expect(
      parseBaileysMessage({ key: { remoteJid: 'status@broadcast', id: 'S' }, message: { conversation: 'x' } }),
    ).toBeNull();
    expect(parseBaileysMessage({ key, message: { reactionMessage: { key: { id: 'A' }, text: '👍' } } })).toBeNull();
    expect(
      parseBaileysMessage({ key, message: { senderKeyDistributionMessage: {}, messageContextInfo: {} } }),
    ).toBeNull();
    expect(parseBaileysMessage({ key, message: null })).toBeNull();
    expect(parseBaileysMessage({ key: { remoteJid: 'x', id: '' }, message: { conversation: 'x' } })).toBeNull();
  });
});

describe('Baileys helpers', () => {
  it('maps WAMessageStatus to our statuses', () => {
    expect([0, 1, 2, 3, 4, 5, null].map(ackStatusOf)).toEqual([
      'failed',
      null,
      'sent',
      'delivered',
      'read',
      'read',
      null,
    ]);
  });

  it('reads timestamps as numbers, strings or Longs', () => {
    expect(millisOf(1_700_000_000)).toBe(1_700_000_000_000);
    expect(millisOf('1700000000')).toBe(1_700_000_000_000);
    expect(millisOf({ low: 1_700_000_000 })).toBe(1_700_000_000_000);
  });

  it('writes to the JID of each address kind', () => {
    expect(jidOf({ kind: 'phone', value: '+55 11 98765-0001' })).toBe('5511987650001@s.whatsapp.net');
    expect(jidOf({ kind: 'lid', value: '99887766' })).toBe('99887766@lid');
    expect(jidOf({ kind: 'group', value: '1203630' })).toBe('1203630@g.us');
  });
});
