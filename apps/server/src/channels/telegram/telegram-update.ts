import { locationMessage } from '../shared/location-body.js';
import type { TTelegramMessage, TTelegramUpdate } from './telegram-api.js';

/** A user's message of a private chat with the bot, in our terms (the file still on Telegram). */
export type TTelegramInbound = {
  /** `<chat id>:<message_id>`: Telegram numbers messages per chat, so the chat makes the id unique. */
  externalId: string;
  chatId: string;
  name: string;
  username: string | null;
  body: string;
  mediaType: string;
  media: { fileId: string; mime: string | null; filename: string | null } | null;
  quotedExternalId: string | null;
  timestamp: number;
};

const fullName = (message: TTelegramMessage) =>
  [message.from?.first_name, message.from?.last_name].filter(Boolean).join(' ').trim();

/** The file a message carries and our media type for it (the largest photo size; a voice note is ptt). */
const mediaOf = (message: TTelegramMessage): Pick<TTelegramInbound, 'mediaType' | 'media'> => {
  const largestPhoto = message.photo?.at(-1);
  if (largestPhoto)
    return { mediaType: 'image', media: { fileId: largestPhoto.file_id, mime: 'image/jpeg', filename: null } };
  if (message.voice)
    return {
      mediaType: 'ptt',
      media: { fileId: message.voice.file_id, mime: message.voice.mime_type ?? 'audio/ogg', filename: null },
    };
  const kinds = [
    ['audio', message.audio],
    ['video', message.video],
    ['document', message.document],
  ] as const;
  for (const [mediaType, file] of kinds)
    if (file)
      return {
        mediaType,
        media: { fileId: file.file_id, mime: file.mime_type ?? null, filename: file.file_name ?? null },
      };
  if (message.video_note)
    return { mediaType: 'video', media: { fileId: message.video_note.file_id, mime: 'video/mp4', filename: null } };
  if (message.sticker)
    return { mediaType: 'sticker', media: { fileId: message.sticker.file_id, mime: 'image/webp', filename: null } };
  return { mediaType: 'chat', media: null };
};

/** A place the user shared: a venue (named, with its address) or a bare point on the map. */
const placeOf = (message: TTelegramMessage) => {
  if (message.venue)
    return locationMessage({ ...message.venue.location, name: message.venue.title, address: message.venue.address });
  return message.location ? locationMessage(message.location) : null;
};

/**
 * An Update -> the user's message, or null for what we do not take: other update kinds, messages of groups
 * and channels (a ticket is one person's conversation), bots, and messages with nothing we can show.
 * An edit arrives as a new message of its own (its id carries the edit date, so each edit is stored once),
 * except a live location's moves (edits of its point): the place was stored when it was first shared.
 */
export const parseTelegramUpdate = (update: TTelegramUpdate): TTelegramInbound | null => {
  const message = update.message ?? update.edited_message;
  if (message?.chat.type !== 'private' || !message.from || message.from.is_bot) return null;
  const place = placeOf(message);
  if (place && update.edited_message) return null;
  const { mediaType, media } = place ? { mediaType: place.mediaType, media: null } : mediaOf(message);
  const body = place?.body ?? message.text ?? message.caption ?? '';
  if (!media && body === '') return null;
  const chatId = String(message.chat.id);
  const edit = update.edited_message && message.edit_date ? `:e${message.edit_date}` : '';
  return {
    externalId: `${chatId}:${message.message_id}${edit}`,
    chatId,
    name: fullName(message) || message.from.username || chatId,
    username: message.from.username ?? null,
    body,
    mediaType,
    media,
    quotedExternalId: message.reply_to_message ? `${chatId}:${message.reply_to_message.message_id}` : null,
    timestamp: (message.edit_date ?? message.date) * 1000,
  };
};
