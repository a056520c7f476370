import type { TChannelRegistry, TOutboundChoices, TTemplateSend } from '../../channels/host/modules-door.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import type { TMessageInsert, TMessageRow } from './messages.repository.js';

type TSendRequest = Parameters<TChannelRegistry['send']>[0];

/** The template a template message carries (written by send-template.ts). */
const templateOf = (data: unknown) => (data as { template?: TTemplateSend } | null)?.template ?? null;
/** The menu a chat flow's message carries (written by queue-automatic-message.ts). */
const choicesOf = (data: unknown) => (data as { choices?: TOutboundChoices } | null)?.choices ?? null;

/** What a send reads of an outbound message (a stored row, or one about to be inserted with its id). */
export type TSendable = Pick<
  TMessageRow,
  | 'id'
  | 'tenantId'
  | 'body'
  | 'mediaType'
  | 'mediaUrl'
  | 'mediaName'
  | 'dataJson'
  | 'contactId'
  | 'quotedMsgId'
  | 'status'
>;

/** A row about to be inserted as a send reads it: its id allocated, the columns it leaves out at their defaults. */
export const sendableOf = (tenantId: number, draft: TMessageInsert & { id: number }): TSendable => ({
  id: draft.id,
  tenantId,
  body: draft.body ?? '',
  mediaType: draft.mediaType ?? 'chat',
  mediaUrl: draft.mediaUrl ?? null,
  mediaName: draft.mediaName ?? null,
  dataJson: draft.dataJson ?? null,
  contactId: draft.contactId ?? null,
  quotedMsgId: draft.quotedMsgId ?? null,
  status: draft.status ?? 'pending',
});

/** One outbound message as the channel host takes it, with what was read for it. */
export const sendRequestOf = (
  row: TSendable,
  read: {
    connection: TConnectionRow | undefined;
    addresses: readonly { kind: string; value: string }[];
    quotedExternalId: string | null;
    interrupted: boolean;
    mentions?: string[];
  },
): TSendRequest => ({
  tenantId: row.tenantId,
  id: row.id,
  idempotencyKey: `prosa-${row.tenantId}-${row.id}`,
  connection: read.connection,
  addresses: read.addresses,
  interrupted: read.interrupted,
  body: row.body,
  mediaType: row.mediaType,
  mediaUrl: row.mediaUrl,
  mediaName: row.mediaName,
  quotedExternalId: read.quotedExternalId,
  template: row.mediaType === 'template' ? templateOf(row.dataJson) : null,
  choices: choicesOf(row.dataJson),
  mentions: read.mentions,
});
