import type { TContact } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findContactExtras, type TContactExtras, type TContactRow } from './contacts.repository.js';

const identityOf = (extras: TContactExtras, contactId: number, kind: 'lid' | 'telegram' | 'webchat') =>
  extras.identities.get(contactId)?.find((identity) => identity.kind === kind)?.value ?? null;

export const toContactDto = (row: TContactRow, extras: TContactExtras): TContact => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  profilePicUrl: row.profilePicUrl,
  isGroup: row.isGroup,
  pushname: row.pushname,
  cpf: row.cpf,
  firstName: row.firstName,
  lastName: row.lastName,
  businessName: row.businessName,
  birthday: row.birthday,
  blocked: row.blocked,
  chatbotBlocked: row.chatbotBlocked,
  kanban: row.kanban,
  lid: identityOf(extras, row.id, 'lid'),
  telegramId: identityOf(extras, row.id, 'telegram'),
  webchatId: identityOf(extras, row.id, 'webchat'),
  tags: extras.tags.get(row.id) ?? [],
  wallets: extras.wallets.get(row.id) ?? [],
  extraInfo: extras.customFields.get(row.id) ?? [],
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** DTOs of a page of contacts: four queries whatever the page size. */
export const toContactDtos = async (tx: TExecutor, tenantId: number, rows: TContactRow[]): Promise<TContact[]> => {
  const extras = await findContactExtras(
    tx,
    tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toContactDto(row, extras));
};

export const toContactDtoOne = async (tx: TExecutor, tenantId: number, row: TContactRow): Promise<TContact> =>
  (await toContactDtos(tx, tenantId, [row]))[0] as TContact;
