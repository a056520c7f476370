import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { findIdentitiesOfContacts } from './contact-identities.repository.js';
import { findContactRows, type TIdentity } from './contacts.repository.js';
import { mergeIntoSurvivor } from './merge-into-survivor.js';

const sameIdentity = (a: TIdentity, b: TIdentity) => a.kind === b.kind && a.value === b.value;

/**
 * A message names, together, a contact already known by the number and another one made earlier from
 * deliveries that carried only the Cloud API's business-scoped user id: they are one person, so the user-id
 * contact is merged into the one with the number (as a manual merge would, with nobody as its author).
 *
 * Only when it is safe: the other contact is known by nothing but user ids this very message carries (so
 * their locks are held), has no number and neither is a group. Two contacts that both have numbers, or
 * anything else, stay apart (staff can merge them). Answers whether it merged.
 */
export const absorbUserIdContact = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  merge: { survivorId: number; strayId: number; known: TIdentity[] },
): Promise<boolean> => {
  const { survivorId, strayId, known } = merge;
  const identities = await findIdentitiesOfContacts(tx, tenantId, [strayId]);
  const onlyUserIds = identities.every(
    (identity) => identity.kind === 'bsuid' && known.some((carried) => sameIdentity(carried, identity)),
  );
  if (identities.length === 0 || !onlyUserIds) return false;
  // NOTE: the identities' locks are held (the caller locked every identity of the message): rows come second.
  const rows = await findContactRows(tx, tenantId, [survivorId, strayId], { forUpdate: true });
  const survivor = rows.find((row) => row.id === survivorId);
  const stray = rows.find((row) => row.id === strayId);
  if (!survivor || !stray || survivor.isGroup || stray.isGroup || stray.number !== null) return false;
  await mergeIntoSurvivor(services, tx, tenantId, { survivor, duplicates: [stray], actorId: null });
  return true;
};
