import type { TMessage } from '@prosa/contracts';
import { dayKey, formatDayLabel } from './format-time';

export type TChatItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: TMessage };

/** A message's key survives the swap of its optimistic bubble for the server's copy (same idFront). */
export const messageKey = (message: TMessage): string => (message.idFront ? `f-${message.idFront}` : `m-${message.id}`);

/** The conversation as rows: messages (oldest first) with a day separator before each new day. */
export const buildChatItems = (messages: readonly TMessage[], now = Date.now()): TChatItem[] => {
  const items: TChatItem[] = [];
  let currentDay: string | null = null;
  for (const message of messages) {
    const day = dayKey(message.timestamp);
    if (day !== currentDay) {
      currentDay = day;
      items.push({ kind: 'day', key: `d-${messageKey(message)}`, label: formatDayLabel(message.timestamp, now) });
    }
    items.push({ kind: 'message', key: messageKey(message), message });
  }
  return items;
};
