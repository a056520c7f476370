import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { findContactsForExport } from './contacts.repository.js';
import { stringifyContactsCsv } from './contacts-csv.js';

/** Every person contact of the tenant (groups left out) as the import file reads it back. */
export const exportContacts = async (db: TDb, tenantId: number): Promise<string> =>
  stringifyContactsCsv(await withTenant(db, tenantId, (tx) => findContactsForExport(tx, tenantId)));
