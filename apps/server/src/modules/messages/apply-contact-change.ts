import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessageByExternalId, updateMessageRow } from './messages.repository.js';

/**
 * Where a change stands among a message's changes: when the channel dated it (ms), then when it reached us
 * (two changes the channel dated alike, to the second on the Cloud API, keep their order of arrival).
 */
export type TChangePosition = { at: number; arrival: number };

/**
 * What a customer's change did, decided in one transaction: applied; ignored (the message is ours, deleted, or
 * shows a newer change); or missing (not stored yet, as that transaction saw it: a caller that waits for it
 * tries again, never concluding from a later read that it was seen and refused).
 */
export type TChangeOutcome = 'applied' | 'ignored' | 'missing';

const isBefore = (a: TChangePosition, b: TChangePosition) => a.at < b.at || (a.at === b.at && a.arrival < b.arrival);

/** The position of the change a message shows, kept in its `dataJson.contactChange`. */
const shownChange = (dataJson: unknown): TChangePosition | null => {
  const kept = (dataJson as { contactChange?: Partial<TChangePosition> } | null)?.contactChange;
  return typeof kept?.at === 'number' && typeof kept.arrival === 'number'
    ? { at: kept.at, arrival: kept.arrival }
    : null;
};

/** The message's dataJson with the change's position beside what the channel stored there. */
const withChange = (dataJson: unknown, position: TChangePosition) =>
  dataJson && typeof dataJson === 'object' && !Array.isArray(dataJson)
    ? { ...dataJson, contactChange: position }
    : { ...(dataJson === null || dataJson === undefined ? {} : { payload: dataJson }), contactChange: position };

/**
 * The customer edited or deleted ("for everyone") one of their messages on WhatsApp: the stored message
 * shows the new text as its edition, or is marked deleted, as the agents' own edits and deletes are. Only a
 * customer's message can be changed this way; one we do not have changes nothing. Repeats are harmless, and
 * changes applied out of order (a late delivery, two waiting side by side) never put an older edit over a newer
 * one: an edit made before the change the message shows is dropped; a deletion is final.
 */
export const applyContactChange = async (
  services: Pick<TServices, 'db' | 'events'>,
  change: { tenantId: number; connectionId: number; externalId: string; position?: TChangePosition } & (
    | { kind: 'edit'; body: string }
    | { kind: 'revoke' }
  ),
): Promise<TChangeOutcome> =>
  withTenant(services.db, change.tenantId, async (tx) => {
    // Locked: two changes of one message applied at once on two instances are compared one after the other.
    const row = await findMessageByExternalId(tx, change.tenantId, change.connectionId, change.externalId, {
      lock: true,
    });
    if (!row) return 'missing';
    if (row.fromMe || row.isDeleted) return 'ignored';
    const position = change.position ?? { at: Date.now(), arrival: Date.now() };
    const shown = shownChange(row.dataJson);
    if (change.kind === 'edit' && shown && isBefore(position, shown)) return 'ignored';
    const dataJson = withChange(row.dataJson, position);
    const updated = await updateMessageRow(
      tx,
      change.tenantId,
      row.id,
      change.kind === 'edit' ? { edition: change.body, dataJson } : { isDeleted: true, dataJson },
    );
    if (!updated) return 'ignored';
    const [message] = await toMessageDtos(tx, change.tenantId, [updated]);
    if (!message) return 'ignored';
    const ticket = await loadTicketDto(tx, change.tenantId, row.ticketId);
    const type = change.kind === 'edit' ? 'message.edited' : 'message.deleted';
    await publishMessageEvent(services, tx, change.tenantId, type, ticket, message);
    return 'applied';
  });
