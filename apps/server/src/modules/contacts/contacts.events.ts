import type { TContact } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';

type TPublisher = Pick<TServices, 'events'>;

// Published in the writing transaction; the contacts' realtime listener tells the tenant's sockets after the
// commit (contacts are not restricted by queue). `contact` is the DTO as committed, when the writer has it.

/** A contact made by staff or an import. */
export const publishContactCreated = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  contact?: TContact,
) => services.events.publish(tx, { type: 'contact.created', tenantId, contactId }, contact ? { contact } : undefined);

/** A contact changed; `fields` names what changed (those the writer was given, or learnt). */
export const publishContactUpdated = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  change: { contactId: number; fields: string[]; contact?: TContact; byCustomer?: boolean },
) =>
  services.events.publish(
    tx,
    {
      type: 'contact.updated',
      tenantId,
      contactId: change.contactId,
      fields: change.fields,
      ...(change.byCustomer ? { byCustomer: true } : {}),
    },
    change.contact ? { contact: change.contact } : undefined,
  );

/** A contact deleted, or merged into `mergedIntoId`. */
export const publishContactDeleted = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  mergedIntoId: number | null = null,
) => services.events.publish(tx, { type: 'contact.deleted', tenantId, contactId, mergedIntoId });
