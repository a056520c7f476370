import { describe, expect, it } from 'vitest';
import {
  canonicalPhoneKey,
  dialablePhone,
  isWhatsappLid,
  parsePhone,
  parseWhatsappJid,
  phoneIdentityKeys,
  phoneSearchDigits,
} from './phone.js';

describe('parsePhone', () => {
  it('reads a Brazilian mobile in national format with BR as the default country', () => {
    expect(parsePhone('(11) 98765-4321')).toEqual({
      ok: true,
      e164: '+5511987654321',
      country: 'BR',
      national: '11987654321',
    });
  });

  it('reads international formats and ignores the default country for them', () => {
    expect(parsePhone('+55 11 3456-7890', 'US')).toMatchObject({ ok: true, e164: '+551134567890', country: 'BR' });
    expect(parsePhone('5511987654321')).toMatchObject({ ok: true, e164: '+5511987654321' });
    expect(parsePhone('+1 415 555 2671')).toEqual({
      ok: true,
      e164: '+14155552671',
      country: 'US',
      national: '4155552671',
    });
    expect(parsePhone('+351 912 345 678')).toMatchObject({ ok: true, country: 'PT', national: '912345678' });
    expect(parsePhone('020 7946 0958', 'GB')).toMatchObject({ ok: true, e164: '+442079460958', country: 'GB' });
    expect(parsePhone('+800 1234 5678')).toMatchObject({ ok: true, e164: '+80012345678', country: null });
  });

  it('keeps extensions apart from the number', () => {
    expect(parsePhone('+1 (213) 373-4253 ext. 123')).toEqual({
      ok: true,
      e164: '+12133734253',
      country: 'US',
      national: '2133734253',
      extension: '123',
    });
    expect(parsePhone('(11) 3456-7890 x 12')).toMatchObject({ e164: '+551134567890', extension: '12' });
    expect(parsePhone('+551134567890;ext=12')).toMatchObject({ extension: '12' });
  });

  it('NOT_A_NUMBER: empty, letters, or a number inside a sentence', () => {
    expect(parsePhone('')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
    expect(parsePhone('abc')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
    expect(parsePhone('call me at 11 98765-4321')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
  });

  it('TOO_SHORT: under two digits, or shorter than the country allows', () => {
    expect(parsePhone('1')).toEqual({ ok: false, error: 'TOO_SHORT' });
    expect(parsePhone('+55 11 9876')).toEqual({ ok: false, error: 'TOO_SHORT' });
  });

  it('TOO_LONG: over 17 digits, or longer than the country allows', () => {
    expect(parsePhone('123456789012345678901')).toEqual({ ok: false, error: 'TOO_LONG' });
    expect(parsePhone('+55 11 98765-4321 00')).toEqual({ ok: false, error: 'TOO_LONG' });
  });

  it('INVALID_COUNTRY: unknown calling code, or a national number with an unknown default country', () => {
    expect(parsePhone('+999 1234567')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
    expect(parsePhone('11987654321', 'XX')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
    expect(parsePhone('+5511987654321', 'XX')).toMatchObject({ ok: true, country: 'BR' });
  });

  it('INVALID_LENGTH: between the lengths the country allows but none of them', () => {
    expect(parsePhone('+376 222 2222')).toEqual({ ok: false, error: 'INVALID_LENGTH' });
  });
});

describe('phone identity keys', () => {
  it('gives a Brazilian mobile both forms, with and without the ninth digit, canonical first', () => {
    const keys = ['+5511987654321', '+551187654321'];
    expect(phoneIdentityKeys('+5511987654321')).toEqual(keys);
    expect(phoneIdentityKeys('+551187654321')).toEqual(keys);
    expect(canonicalPhoneKey('+551187654321')).toBe('+5511987654321');
    expect(canonicalPhoneKey('+5511987654321')).toBe('+5511987654321');
    expect(phoneIdentityKeys('+557196123456')).toEqual(['+5571996123456', '+557196123456']);
  });

  it('does not alias Brazilian landlines or nine-digit numbers that never had an eight-digit form', () => {
    expect(phoneIdentityKeys('+551134567890')).toEqual(['+551134567890']);
    expect(canonicalPhoneKey('+551134567890')).toBe('+551134567890');
    expect(phoneIdentityKeys('+551125678901')).toEqual(['+551125678901']);
    expect(phoneIdentityKeys('+5511912345678')).toEqual(['+5511912345678']);
    // A DDD never has a zero.
    expect(phoneIdentityKeys('+5510987654321')).toEqual(['+5510987654321']);
  });

  it('leaves foreign numbers as they are, even ones that look like a Brazilian mobile after the code', () => {
    expect(phoneIdentityKeys('+14155552671')).toEqual(['+14155552671']);
    expect(phoneIdentityKeys('+351912345678')).toEqual(['+351912345678']);
    expect(canonicalPhoneKey('+5411987654321')).toBe('+5411987654321');
  });

  it('accepts the digits of a JID and ignores formatting', () => {
    expect(canonicalPhoneKey('551187654321')).toBe('+5511987654321');
    expect(phoneIdentityKeys('+55 (11) 8765-4321')).toEqual(['+5511987654321', '+551187654321']);
    expect(phoneIdentityKeys('')).toEqual([]);
    expect(canonicalPhoneKey('')).toBe('');
  });

  it('round-trips with parsePhone: both forms of one mobile land on one key', () => {
    const a = parsePhone('(11) 98765-4321');
    const b = parsePhone('+55 11 8765-4321');
    expect(a.ok && b.ok && canonicalPhoneKey(a.e164) === canonicalPhoneKey(b.e164)).toBe(true);
  });
});

describe('the dialable form shown and searched', () => {
  it('gives a Brazilian mobile reported with eight digits its ninth digit back', () => {
    expect(dialablePhone('+551187654321')).toBe('+5511987654321');
    expect(dialablePhone('+557196123456')).toBe('+5571996123456');
    expect(dialablePhone('+5511987654321')).toBe('+5511987654321');
  });

  it('keeps landlines (eight digits starting 2-5), foreign numbers and non-phones as they are', () => {
    expect(dialablePhone('+551134567890')).toBe('+551134567890');
    expect(dialablePhone('+551125678901')).toBe('+551125678901');
    expect(dialablePhone('+555133334444')).toBe('+555133334444');
    expect(dialablePhone('+14155552671')).toBe('+14155552671');
    expect(dialablePhone('+5411987654321')).toBe('+5411987654321');
    expect(dialablePhone('120363025246125486-1600000000')).toBe('120363025246125486-1600000000');
  });

  it('searches a typed eight-digit mobile under its nine-digit form too, with or without the country code', () => {
    expect(phoneSearchDigits('1187654321')).toEqual(['1187654321', '11987654321']);
    expect(phoneSearchDigits('551187654321')).toEqual(['551187654321', '5511987654321']);
    expect(phoneSearchDigits('11987654321')).toEqual(['11987654321']);
    expect(phoneSearchDigits('1134567890')).toEqual(['1134567890']);
    expect(phoneSearchDigits('8765')).toEqual(['8765']);
  });
});

describe('WhatsApp JIDs', () => {
  it.each([
    ['5511987654321@s.whatsapp.net', { kind: 'phone', id: '5511987654321' }],
    ['5511987654321@c.us', { kind: 'phone', id: '5511987654321' }],
    ['5511987654321:12@s.whatsapp.net', { kind: 'phone', id: '5511987654321' }],
    ['123456789012345@lid', { kind: 'lid', id: '123456789012345' }],
    ['123456789012345:3@lid', { kind: 'lid', id: '123456789012345' }],
    ['5511987654321-1600000000@g.us', { kind: 'group', id: '5511987654321-1600000000' }],
    ['120363041234567890@g.us', { kind: 'group', id: '120363041234567890' }],
    [' 5511987654321@S.WHATSAPP.NET ', { kind: 'phone', id: '5511987654321' }],
  ])('%s', (jid, expected) => expect(parseWhatsappJid(jid)).toEqual(expected));

  it.each([
    'status@broadcast',
    '120363041234567890@newsletter',
    '5511987654321',
    'abc@s.whatsapp.net',
    '@lid',
    '5511-@g.us',
    '5511987654321@g.us.evil',
  ])('rejects %s', (jid) => expect(parseWhatsappJid(jid)).toBeNull());

  it('tells a LID from a phone JID', () => {
    expect(isWhatsappLid('123456789012345@lid')).toBe(true);
    expect(isWhatsappLid('123456789012345:3@lid')).toBe(true);
    expect(isWhatsappLid('5511987654321@s.whatsapp.net')).toBe(false);
    expect(isWhatsappLid('120363041234567890@g.us')).toBe(false);
  });
});
