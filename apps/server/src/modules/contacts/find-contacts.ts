import { PAGE_SIZE, type TContact, type TContactListQuery } from '@prosa/contracts';
import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { toContactDtoOne, toContactDtos } from './contacts.dto.js';
import { findContactRow, findContactsPage } from './contacts.repository.js';

export const listContacts = (db: TDb, tenantId: number, query: TContactListQuery) =>
  withTenant(db, tenantId, async (tx) => {
    const { rows, count } = await findContactsPage(tx, tenantId, {
      search: query.searchParam,
      tagIds: query.tags,
      limit: PAGE_SIZE,
      offset: (query.pageNumber - 1) * PAGE_SIZE,
    });
    return {
      contacts: await toContactDtos(tx, tenantId, rows),
      count,
      hasMore: query.pageNumber * PAGE_SIZE < count,
    };
  });

export const getContact = (db: TDb, tenantId: number, contactId: number): Promise<TContact> =>
  withTenant(db, tenantId, async (tx) => {
    const row = await findContactRow(tx, tenantId, contactId);
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
    return toContactDtoOne(tx, tenantId, row);
  });
