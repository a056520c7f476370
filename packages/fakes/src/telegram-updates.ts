import type { TBotState, TTelegramUpdate, TTelegramUserMessage } from './telegram-protocol.js';
import type { TTelegramWorld } from './telegram-world.js';

/** The files and places of a user's message, as the Message fields Telegram sends (files stored for getFile). */
const contentOf = (world: TTelegramWorld, input: TTelegramUserMessage) => {
  const content: Record<string, unknown> = {};
  if (input.text !== undefined) content.text = input.text;
  if (input.photo)
    content.photo = [
      {
        file_id: world.addFile(input.photo.subarray(0, 8), 'photos', 'jpg'),
        file_unique_id: 's',
        width: 90,
        height: 90,
      },
      { file_id: world.addFile(input.photo, 'photos', 'jpg'), file_unique_id: 'l', width: 1280, height: 960 },
    ];
  if (input.voice)
    content.voice = {
      file_id: world.addFile(input.voice, 'voice', 'oga'),
      file_unique_id: 'v',
      duration: 3,
      mime_type: 'audio/ogg',
    };
  if (input.document)
    content.document = {
      file_id: world.addFile(input.document.bytes, 'documents', input.document.name.split('.').pop() ?? 'bin'),
      file_unique_id: 'd',
      file_name: input.document.name,
      mime_type: input.document.mime,
    };
  if (input.location)
    content.location = {
      latitude: input.location.latitude,
      longitude: input.location.longitude,
      ...(input.location.livePeriod ? { live_period: input.location.livePeriod, horizontal_accuracy: 12.5 } : {}),
    };
  if (input.venue) {
    const { latitude, longitude, title, address } = input.venue;
    // A venue message carries the point twice: in `venue.location` and as the message's own `location`.
    content.location = { latitude, longitude };
    content.venue = {
      location: { latitude, longitude },
      title,
      address,
      google_place_id: 'ChIJ0WGkg4FEzpQRrlsz_whLqZs',
    };
  }
  if (input.caption) content.caption = input.caption;
  return content;
};

/** A user's message as the Update Telegram makes of it. */
export const telegramUpdateOf = (
  world: TTelegramWorld,
  state: TBotState,
  input: TTelegramUserMessage,
): TTelegramUpdate => {
  const from = {
    id: input.from.id,
    is_bot: false,
    first_name: input.from.firstName,
    ...(input.from.lastName ? { last_name: input.from.lastName } : {}),
    ...(input.from.username ? { username: input.from.username } : {}),
    language_code: 'pt-br',
  };
  const chat = input.group
    ? { id: input.group.id, title: input.group.title, type: 'group' }
    : { id: input.from.id, type: 'private', first_name: input.from.firstName, username: input.from.username };
  state.chats.set(chat.id, chat);
  const content = contentOf(world, input);
  if (input.replyTo) content.reply_to_message = { message_id: input.replyTo, chat, date: 0 };
  const now = Math.floor(Date.now() / 1000);
  const message = {
    message_id: input.editOf ?? world.nextMessageId(),
    from,
    chat,
    date: now,
    ...(input.editOf ? { edit_date: now } : {}),
    ...content,
  };
  return { update_id: ++state.nextUpdateId, [input.editOf ? 'edited_message' : 'message']: message };
};
