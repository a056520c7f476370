import { parsePhone, type ZWebchatStart } from '@prosa/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TVisitorDoor } from '../host/visitor-door.js';

/** The phone a visitor typed, as E.164; a phone that is no phone is refused naming the field. */
const visitorPhone = (raw: string | undefined): string | null => {
  if (!raw) return null;
  const parsed = parsePhone(raw);
  if (!parsed.ok) throw new AppError('ERR_VALIDATION', { field: 'phone', detail: parsed.error });
  return parsed.e164;
};

/**
 * The contact of a new web chat visitor: known by the visitor id, with the name, e-mail and phone they gave.
 * NOTE: the phone is stored as the contact's number, never as an identity: nobody checked that it is theirs,
 * and an identity would attach the visitor to whoever owns that number (and to their conversations).
 */
export const createVisitorContact = (
  door: Pick<TVisitorDoor, 'upsertContact'>,
  tenantId: number,
  visitorId: string,
  start: z.infer<typeof ZWebchatStart>,
): Promise<{ id: number }> => {
  const number = visitorPhone(start.phone);
  return door.upsertContact(
    tenantId,
    { kind: 'webchat', value: visitorId, name: start.name, email: start.email },
    number,
  );
};
