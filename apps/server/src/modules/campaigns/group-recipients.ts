import type { TBulkGroupsInput, TCampaignImportReport } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection, findConnections, type TConnectionRow } from '../connections/connections.service.js';
import { findOrCreatePhoneContacts } from '../contacts/contacts.service.js';
import { upsertContactFromChannel } from '../contacts/find-or-create-contact.js';

type TDeps = Pick<TServices, 'db' | 'events' | 'channels'>;
type TGroup = { groupId: string; subject?: string };
const noErrors = (): TCampaignImportReport => ({ added: 0, duplicates: 0, errors: [] });
/** A group's address as channels keep it: the JID's id, without `@g.us`. */
const groupAddress = (groupId: string) => ({ kind: 'group', value: groupId.replace(/@g\.us$/, '') });

/** The connection of a group send: the tenant's, on a channel that sees its number's groups (Baileys, Evolution). */
export const groupConnection = async (deps: TDeps, tenantId: number, connectionId: number) => {
  const connection = await withTenant(deps.db, tenantId, (tx) => findConnection(tx, tenantId, connectionId));
  if (!connection || !deps.channels.abilities(connection.type).groups)
    throw new AppError('ERR_CAMPAIGN_CONNECTION', { field: 'connectionId' });
  return connection;
};

/** The chosen groups as contacts (found, or made as a group's first message would make them), in order. */
export const groupContacts = async (
  deps: TDeps,
  tx: TExecutor,
  tenantId: number,
  groups: TBulkGroupsInput['groups'],
): Promise<number[]> => {
  const ids: number[] = [];
  // One at a time: they share the transaction's connection.
  for (const { groupId, subject } of groups) {
    const contact = await upsertContactFromChannel(
      tx,
      tenantId,
      { ...groupAddress(groupId), kind: 'group', name: subject?.trim() || groupId, isGroup: true },
      deps,
    );
    ids.push(contact.id);
  }
  return ids;
};

/** The numbers of the tenant's own connections (never sent to as members of a group). */
const ownNumbers = async (tx: TExecutor, tenantId: number) =>
  new Set((await findConnections(tx, tenantId)).flatMap((row) => (row.number ? [row.number.replace(/\D/g, '')] : [])));

/**
 * The members of the chosen groups as contacts, each once: asked of the number's socket (outside any
 * transaction), admins left out unless asked for, and the tenant's own numbers never. A group the number cannot
 * read is reported by its position and skipped.
 */
export const memberContacts = async (
  deps: TDeps,
  tenantId: number,
  connection: TConnectionRow,
  input: { groups: TGroup[]; includeAdmins: boolean },
): Promise<{ contactIds: number[]; report: TCampaignImportReport }> => {
  const report = noErrors();
  const numbers = new Set<string>();
  for (const [index, group] of input.groups.entries()) {
    const target = { tenantId, connection, to: groupAddress(group.groupId) };
    const members = await deps.channels.groupMembers(target).catch(() => null);
    if (!members) {
      report.errors.push({ row: index + 1, field: 'groups', message: 'não foi possível ler os membros do grupo' });
      continue;
    }
    for (const member of members)
      if (member.number && (input.includeAdmins || !member.admin)) numbers.add(member.number.replace(/\D/g, ''));
  }
  const contactIds = await withTenant(deps.db, tenantId, async (tx) => {
    const own = await ownNumbers(tx, tenantId);
    const people = [...numbers]
      .filter((number) => !own.has(number))
      .map((number) => ({ number: `+${number}`, name: null }));
    const found = await findOrCreatePhoneContacts(deps, tx, tenantId, people);
    return [...new Set(found.flatMap((result) => (result.ok ? [result.contactId] : [])))];
  });
  return { contactIds, report };
};
