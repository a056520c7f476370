import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { dialablePhone } from './phone.js';

/**
 * A stored E.164 as people read it (a Brazilian mobile always with its ninth digit): Brazilian numbers in the national format ('(11) 98765-4321'), others in
 * the international one ('+1 213 373 4253'). Anything that does not parse (group ids, legacy values) is shown
 * as stored.
 */
export const formatPhone = (e164: string | null | undefined): string => {
  if (!e164) return '';
  try {
    // A mobile stored in the old eight-digit form is shown as it is dialled today.
    const phone = parsePhoneNumberWithError(dialablePhone(e164));
    return phone.country === 'BR' ? phone.formatNational() : phone.formatInternational();
  } catch {
    return e164;
  }
};
