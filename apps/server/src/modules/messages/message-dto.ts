import type { TMessage } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findMessagesByIds, type TMessageRow } from './messages.repository.js';

/** The group member who wrote a message, as the channel stored it (`dataJson.sender`). */
const senderOf = (row: TMessageRow): TMessage['sender'] => {
  const sender = (row.dataJson as { sender?: { kind?: unknown; value?: unknown; name?: unknown } } | null)?.sender;
  if (row.fromMe || !sender) return null;
  const name = typeof sender.name === 'string' && sender.name.trim() ? sender.name : null;
  const number = sender.kind === 'phone' && typeof sender.value === 'string' ? sender.value : null;
  return name || number ? { name, number } : null;
};

export const toMessageDto = (row: TMessageRow, quoted?: TMessageRow): TMessage => ({
  id: row.id,
  messageId: row.messageId,
  idFront: row.idFront,
  ticketId: row.ticketId,
  contactId: row.contactId,
  userId: row.userId,
  fromMe: row.fromMe,
  // A message deleted for everyone keeps its row (the agent sees it was deleted) but not its content.
  body: row.isDeleted ? '' : row.body,
  mediaType: row.mediaType,
  mediaUrl: row.isDeleted ? null : row.mediaUrl,
  mediaName: row.isDeleted ? null : row.mediaName,
  mediaSize: row.isDeleted ? null : row.mediaSize,
  transcript: row.isDeleted ? null : row.transcript,
  status: row.status,
  failureReason: row.failureReason,
  read: row.read,
  isDeleted: row.isDeleted,
  edition: row.isDeleted ? null : row.edition,
  reactions: row.reactions,
  quotedMsg: quoted
    ? {
        id: quoted.id,
        body: quoted.isDeleted ? '' : quoted.body,
        fromMe: quoted.fromMe,
        mediaType: quoted.mediaType,
        isDeleted: quoted.isDeleted,
      }
    : null,
  sender: senderOf(row),
  sendType: row.sendType,
  scheduleDate: row.scheduleDate ? row.scheduleDate.toISOString() : null,
  timestamp: row.timestamp,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** DTOs with their quoted messages, loaded in one query. */
export const toMessageDtos = async (tx: TExecutor, tenantId: number, rows: TMessageRow[]): Promise<TMessage[]> => {
  const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  const quoted = new Map((await findMessagesByIds(tx, tenantId, quotedIds)).map((row) => [row.id, row]));
  return rows.map((row) => toMessageDto(row, row.quotedMsgId ? quoted.get(row.quotedMsgId) : undefined));
};

/** One message's DTO as stored now (a listener on another instance reads it so), or null when it is gone. */
export const loadMessageDto = async (tx: TExecutor, tenantId: number, messageId: number): Promise<TMessage | null> => {
  const [row] = await findMessagesByIds(tx, tenantId, [messageId]);
  if (!row) return null;
  const [message] = await toMessageDtos(tx, tenantId, [row]);
  return message ?? null;
};
