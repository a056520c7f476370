import { describe, expect, it } from 'vitest';
import type { TTelegramMessage } from './telegram-api.js';
import { parseTelegramUpdate } from './telegram-update.js';

const from = { id: 42, is_bot: false, first_name: 'Ana', last_name: 'Souza', username: 'ana_souza' };
const chat = { id: 42, type: 'private' };
const message = (extra: Partial<TTelegramMessage>): TTelegramMessage => ({
  message_id: 7,
  from,
  chat,
  date: 1_700_000_000,
  ...extra,
});

describe('parseTelegramUpdate', () => {
  it("reads a private chat's text with the chat-scoped id, the user's name and the quote", () => {
    expect(
      parseTelegramUpdate({ update_id: 1, message: message({ text: 'Oi', reply_to_message: { message_id: 5 } }) }),
    ).toEqual({
      externalId: '42:7',
      chatId: '42',
      name: 'Ana Souza',
      username: 'ana_souza',
      body: 'Oi',
      mediaType: 'chat',
      media: null,
      quotedExternalId: '42:5',
      timestamp: 1_700_000_000_000,
    });
  });

  it('takes the largest photo, voice notes as ptt, documents with their name, captions as the body', () => {
    const photo = parseTelegramUpdate({
      update_id: 2,
      message: message({
        caption: 'Veio assim',
        photo: [
          { file_id: 'small', width: 90, height: 90 },
          { file_id: 'large', width: 1280, height: 960 },
        ],
      }),
    });
    expect(photo).toMatchObject({ mediaType: 'image', body: 'Veio assim', media: { fileId: 'large' } });
    expect(parseTelegramUpdate({ update_id: 3, message: message({ voice: { file_id: 'v' } }) })).toMatchObject({
      mediaType: 'ptt',
      media: { fileId: 'v', mime: 'audio/ogg' },
    });
    expect(
      parseTelegramUpdate({
        update_id: 4,
        message: message({ document: { file_id: 'd', file_name: 'nota.pdf', mime_type: 'application/pdf' } }),
      }),
    ).toMatchObject({ mediaType: 'document', media: { fileId: 'd', filename: 'nota.pdf', mime: 'application/pdf' } });
  });

  it('stores an edit as its own message, once per edit', () => {
    const edited = parseTelegramUpdate({
      update_id: 5,
      edited_message: message({ text: 'Oi!', edit_date: 1_700_000_060 }),
    });
    expect(edited).toMatchObject({ externalId: '42:7:e1700000060', body: 'Oi!', timestamp: 1_700_000_060_000 });
  });

  it('reads a point and a venue as location messages; a live location moving is not a new message', () => {
    const point = { latitude: -22.95, longitude: -43.21 };
    expect(parseTelegramUpdate({ update_id: 10, message: message({ location: point }) })).toMatchObject({
      mediaType: 'location',
      body: 'https://maps.google.com/maps?q=-22.95,-43.21',
      media: null,
    });
    const venue = { location: point, title: 'Cristo Redentor', address: 'Parque Nacional da Tijuca' };
    expect(parseTelegramUpdate({ update_id: 11, message: message({ location: point, venue }) })).toMatchObject({
      mediaType: 'location',
      body: 'Cristo Redentor - Parque Nacional da Tijuca\nhttps://maps.google.com/maps?q=-22.95,-43.21',
    });
    const moved = { ...point, live_period: 900 };
    expect(
      parseTelegramUpdate({ update_id: 12, edited_message: message({ location: moved, edit_date: 1_700_000_090 }) }),
    ).toBeNull();
  });

  it('skips groups, bots, empty messages and other updates', () => {
    expect(
      parseTelegramUpdate({ update_id: 6, message: message({ text: 'x', chat: { id: -1, type: 'group' } }) }),
    ).toBeNull();
    expect(
      parseTelegramUpdate({ update_id: 7, message: message({ text: 'x', from: { ...from, is_bot: true } }) }),
    ).toBeNull();
    expect(parseTelegramUpdate({ update_id: 8, message: message({}) })).toBeNull();
    expect(parseTelegramUpdate({ update_id: 9 })).toBeNull();
  });
});
