import {
  isSupportedCountry,
  ParseError,
  type PhoneNumber,
  parsePhoneNumberWithError,
  type ValidatePhoneNumberLengthResult,
  validatePhoneNumberLength,
} from 'libphonenumber-js';

/** libphonenumber's own codes: NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY, INVALID_LENGTH. */
export type TPhoneParseError = ValidatePhoneNumberLengthResult;

export type TParsedPhone =
  | {
      ok: true;
      /** '+5511987654321' (without the extension). */
      e164: string;
      /** ISO 3166 alpha-2, or null for non-geographic numbers and calling codes shared by several countries. */
      country: string | null;
      /** National significant number, digits only: '11987654321'. */
      national: string;
      extension?: string;
    }
  | { ok: false; error: TPhoneParseError };

const phoneParseErrors: readonly string[] = [
  'NOT_A_NUMBER',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_COUNTRY',
  'INVALID_LENGTH',
] satisfies TPhoneParseError[];
/** Whether a code (libphonenumber's, or a server's `detail`) is one of the phone parsing errors of §5. */
export const isPhoneParseError = (code: string): code is TPhoneParseError => phoneParseErrors.includes(code);

/**
 * A phone number as typed or as a channel sends it (§5 Phone parsing): formatting dropped, national number of
 * 2 to 17 digits, extensions ('ext. 12', 'x 12', ';ext=12') kept apart, lengths checked against the country's
 * metadata. A number with a leading `+` (or its country code) ignores defaultCountry; an unknown
 * defaultCountry only matters for a national-format number (INVALID_COUNTRY).
 */
export const parsePhone = (input: string, defaultCountry = 'BR'): TParsedPhone => {
  let phone: PhoneNumber;
  try {
    phone = parsePhoneNumberWithError(input, {
      defaultCountry: isSupportedCountry(defaultCountry) ? defaultCountry : undefined,
      // The whole input must be the number, not a number somewhere in a sentence.
      extract: false,
    });
  } catch (error) {
    if (error instanceof ParseError && isPhoneParseError(error.message)) return { ok: false, error: error.message };
    throw error;
  }
  const lengthError = validatePhoneNumberLength(phone.number);
  if (lengthError) return { ok: false, error: lengthError };
  return {
    ok: true,
    e164: phone.number,
    country: phone.country ?? null,
    national: phone.nationalNumber,
    ...(phone.ext ? { extension: phone.ext } : {}),
  };
};

/**
 * A Brazilian mobile: DDD (two digits, no zero) then either nine digits starting with 9 followed by 6-9, or
 * the eight-digit form those numbers had before the ninth digit (starting with 6-9).
 */
const brazilianMobile = /^\+55([1-9]{2})(?:9([6-9]\d{7})|([6-9]\d{7}))$/;

const toE164Key = (e164: string): string => {
  const digits = e164.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
};

/**
 * Every key under which the same person's phone may be stored, the canonical one first. A Brazilian mobile is
 * known both with and without the ninth digit (WhatsApp still reports accounts created before 2016 with eight
 * digits), so '+5511987654321' and '+551187654321' give the same two keys. Landlines and other countries:
 * just the number. Non-digits are dropped, so a JID's user part ('5511987654321') works too.
 */
export const phoneIdentityKeys = (e164: string): string[] => {
  const key = toE164Key(e164);
  if (!key) return [];
  const match = brazilianMobile.exec(key);
  const ddd = match?.[1];
  const subscriber = match?.[2] ?? match?.[3];
  if (!ddd || !subscriber) return [key];
  return [`+55${ddd}9${subscriber}`, `+55${ddd}${subscriber}`];
};

/** The one key a phone identity is stored under: the nine-digit form for Brazilian mobiles, else the E.164. */
export const canonicalPhoneKey = (e164: string): string => phoneIdentityKeys(e164)[0] ?? '';

/**
 * The number as shown and searched: a Brazilian mobile reported in its old eight-digit form gets its ninth
 * digit back ('+551187654321' -> '+5511987654321'); landlines (8 digits starting 2-5) and other countries are
 * returned as given. Sending never uses this: it goes to the identity the channel reported.
 */
export const dialablePhone = (e164: string): string => {
  const key = toE164Key(e164);
  return brazilianMobile.test(key) ? canonicalPhoneKey(key) : e164;
};

/**
 * The digit strings a typed number search looks for: the digits, plus the nine-digit form when they are a
 * Brazilian mobile in the eight-digit form, with or without the country code ('1187654321' also looks for
 * '11987654321'), since stored numbers are in the dialable form.
 */
export const phoneSearchDigits = (digits: string): string[] => {
  const national = /^(55)?([1-9]{2})([6-9]\d{7})$/.exec(digits);
  if (!national) return [digits];
  return [digits, `${national[1] ?? ''}${national[2]}9${national[3]}`];
};

export type TWhatsappJid = {
  kind: 'phone' | 'lid' | 'group';
  /** Phone: the digits of the number ('5511987654321'); LID: its digits; group: '5511987654321-1600000000'. */
  id: string;
};

/** user[_agent][:device]@server, as WhatsApp addresses a person or a group. */
const whatsappJid = /^(\d+)(?:_\d+)?(?::\d+)?@(s\.whatsapp\.net|c\.us|lid)$/;
const whatsappGroupJid = /^(\d+(?:-\d+)?)@g\.us$/;

/**
 * What a WhatsApp JID names: a phone account ('NNN@s.whatsapp.net', 'NNN@c.us'), a LID, the anonymous id
 * WhatsApp uses instead of the number ('NNN@lid'), or a group ('NNN-NNN@g.us', 'NNN@g.us'). Device and
 * agent suffixes ('NNN:12@s.whatsapp.net') are dropped. Anything else (broadcast, newsletter, status): null.
 */
export const parseWhatsappJid = (jid: string): TWhatsappJid | null => {
  const normalised = jid.trim().toLowerCase();
  const group = whatsappGroupJid.exec(normalised);
  if (group?.[1]) return { kind: 'group', id: group[1] };
  const person = whatsappJid.exec(normalised);
  if (!person?.[1]) return null;
  return { kind: person[2] === 'lid' ? 'lid' : 'phone', id: person[1] };
};

export const isWhatsappLid = (jid: string): boolean => parseWhatsappJid(jid)?.kind === 'lid';
