import { z } from 'zod';
import { ZEmail } from './auth.js';
import { ZCount, ZId, ZIdArray, ZIdListQuery, ZPageNumber, ZRowId } from './common.js';
import { parsePhone } from './phone.js';

/** Digits only; 11 digits whose two check digits match (Receita Federal's rule). Repeated digits are invalid. */
export const isValidCpf = (value: string): boolean => {
  const digits = value.replace(/\D/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10]);
};

/** DD/MM or DD/MM/YYYY, as the family stores birthdays (the birthday job compares day and month). */
export const birthdayPattern = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])(\/\d{4})?$/;

// Empty strings from forms mean "no value".
const blankToNull = <T>(value: T | '' | null | undefined) => (value === '' ? null : value);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform(blankToNull);

/** A phone as typed; the server stores its E.164. The issue message is libphonenumber's code (TOO_SHORT, ...). */
export const ZContactNumber = z
  .string()
  .trim()
  .max(40)
  .superRefine((value, ctx) => {
    if (value === '') return;
    const parsed = parsePhone(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .nullable()
  .optional()
  .transform(blankToNull);

const ZContactEmail = z
  .union([z.literal('').transform(() => null), ZEmail])
  .nullable()
  .optional();

const ZCpf = z
  .string()
  .trim()
  .transform((value) => value.replace(/\D/g, ''))
  .refine((value) => value === '' || isValidCpf(value), 'invalid CPF')
  .nullable()
  .optional()
  .transform(blankToNull);

const ZBirthday = z
  .string()
  .trim()
  .refine((value) => value === '' || birthdayPattern.test(value), 'DD/MM or DD/MM/YYYY')
  .nullable()
  .optional()
  .transform(blankToNull);

export const ZContactTagRef = z.object({ id: z.number().int(), tag: z.string(), color: z.string() });
export const ZContactWalletRef = z.object({ id: z.number().int(), name: z.string() });
/** "Informações adicionais": free name/value pairs. */
export const ZContactCustomField = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().max(2000).default(''),
});
export type TContactCustomField = z.infer<typeof ZContactCustomField>;

/** A contact as the API and the `{tenantId}:contactList` events carry it (domain reference 2.4). */
export const ZContact = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164 ('+5511987654321'); a group's id for groups; null for contacts known only by another channel. */
  number: z.string().nullable(),
  email: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  pushname: z.string().nullable(),
  cpf: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  birthday: z.string().nullable(),
  blocked: z.boolean(),
  chatbotBlocked: z.boolean(),
  kanban: z.number().int().nullable(),
  /** WhatsApp LID, Telegram id and web chat visitor id, read from the contact's channel identities. */
  lid: z.string().nullable(),
  telegramId: z.string().nullable(),
  webchatId: z.string().nullable(),
  tags: z.array(ZContactTagRef),
  wallets: z.array(ZContactWalletRef),
  extraInfo: z.array(ZContactCustomField.extend({ id: z.number().int() })),
  /** The team's notes about the contact. */
  notes: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactParams = z.object({ contactId: ZId });

/** GET /contacts: search over name, number and e-mail; `tags` keeps contacts carrying any of them. */
export const ZContactListQuery = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: ZPageNumber,
  tags: ZIdListQuery(50),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

export const ZContactList = z.object({ contacts: z.array(ZContact), count: z.number().int(), hasMore: z.boolean() });

const contactFields = {
  name: z.string().trim().min(1).max(200),
  number: ZContactNumber,
  email: ZContactEmail,
  cpf: ZCpf,
  birthday: ZBirthday,
  firstName: ZOptionalText(120),
  lastName: ZOptionalText(120),
  businessName: ZOptionalText(200),
  profilePicUrl: ZOptionalText(2000),
  kanban: ZCount.nullable().optional(),
  extraInfo: z.array(ZContactCustomField).max(100).optional(),
  notes: ZOptionalText(5000),
  /** Tag ids of the tenant. */
  tags: ZIdArray(200).optional(),
  /** Wallet owners: user ids of the tenant. */
  wallets: ZIdArray(50).optional(),
};

export const ZCreateContactBody = z.object(contactFields);
export type TCreateContactBody = z.infer<typeof ZCreateContactBody>;

export const ZUpdateContactBody = z
  .object({ ...contactFields, blocked: z.boolean(), chatbotBlocked: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty update' });
export type TUpdateContactBody = z.infer<typeof ZUpdateContactBody>;

export const ZContactBlockBody = z.object({ blocked: z.boolean() });
export const ZContactChatbotBlockBody = z.object({ chatbotBlocked: z.boolean() });
export const ZContactTagsBody = z.object({ tags: ZIdArray(200) });
export const ZContactWalletsBody = z.object({ wallets: ZIdArray(50) });

export const ZContactDeleteQuery = z.object({
  /** Admins only: delete even when the contact has tickets (they and their messages go too). */
  force: z.preprocess((value) => value === true || value === 'true' || value === '1', z.boolean()).default(false),
});

/** CSV columns, in this order when the file has no header row. */
export const contactCsvColumns = [
  'name',
  'number',
  'email',
  'cpf',
  'birthday',
  'firstName',
  'lastName',
  'business',
] as const;
export type TContactCsvColumn = (typeof contactCsvColumns)[number];

/** POST /contacts/upload as JSON; a `text/csv` body is read as `{csv}`. */
export const ZContactImportBody = z.object({ csv: z.string().min(1).max(1_000_000) });
export const ZContactImportError = z.object({
  /** Line of the file, counting from 1 (the header row included). */
  row: z.number().int(),
  field: z.string(),
  /** NOT_A_NUMBER, TOO_SHORT, ... for numbers; REQUIRED, INVALID_EMAIL, INVALID_CPF, INVALID_BIRTHDAY, ... */
  error: z.string(),
});
export const ZContactImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ZContactImportError),
});
export type TContactImportResult = z.infer<typeof ZContactImportResult>;

export const ZMergeContactsBody = z.object({
  survivorId: ZRowId,
  duplicateIds: ZIdArray(50).min(1),
});
export const ZMergeContactsResult = z.object({
  contact: ZContact,
  mergedIds: z.array(z.number().int()),
  movedTickets: z.number().int(),
  /** Open or pending tickets of a duplicate closed because the survivor already had one on that connection. */
  closedTicketIds: z.array(z.number().int()),
});
export type TMergeContactsResult = z.infer<typeof ZMergeContactsResult>;

export const ZDuplicateGroup = z.object({
  reason: z.enum(['phone', 'email']),
  /** The canonical phone key or the lower-cased e-mail the contacts share. */
  key: z.string(),
  contacts: z.array(ZContact.extend({ ticketCount: z.number().int() })),
});
export const ZDuplicateGroups = z.object({ groups: z.array(ZDuplicateGroup) });
export type TDuplicateGroup = z.infer<typeof ZDuplicateGroup>;

/** Payload of `{tenantId}:contactList` (domain reference 3.2): creation is a `contact:update` too. */
export type TContactListEvent =
  | { type: 'contact:update'; payload: TContact }
  | { type: 'contact:delete'; payload: { id: number } };
