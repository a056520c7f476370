import type { TMessage, TTicketNote } from '@prosa/contracts';
import { dayKey, formatDayLabel } from './format-time';

export type TChatItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: TMessage }
  | { kind: 'note'; key: string; note: TTicketNote };

/** A message's key survives the swap of its optimistic bubble for the server's copy (same idFront). */
export const messageKey = (message: TMessage): string => (message.idFront ? `f-${message.idFront}` : `m-${message.id}`);

const noteKey = (note: TTicketNote): string => (note.idFront ? `n-${note.idFront}` : `n-${note.id}`);

/**
 * The conversation as rows: messages and internal notes (oldest first, by time) with a day separator before
 * each new day.
 */
export const buildChatItems = (
  messages: readonly TMessage[],
  now = Date.now(),
  notes: readonly TTicketNote[] = [],
): TChatItem[] => {
  const rows = [
    ...messages.map((message) => ({ at: message.timestamp, key: messageKey(message), item: { message } })),
    ...notes.map((note) => ({ at: Date.parse(note.createdAt), key: noteKey(note), item: { note } })),
  ].sort((a, b) => a.at - b.at);
  const items: TChatItem[] = [];
  let currentDay: string | null = null;
  for (const row of rows) {
    const day = dayKey(row.at);
    if (day !== currentDay) {
      currentDay = day;
      items.push({ kind: 'day', key: `d-${row.key}`, label: formatDayLabel(row.at, now) });
    }
    if ('message' in row.item) items.push({ kind: 'message', key: row.key, message: row.item.message });
    else items.push({ kind: 'note', key: row.key, note: row.item.note });
  }
  return items;
};
