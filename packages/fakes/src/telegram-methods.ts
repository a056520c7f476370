import type { ServerResponse } from 'node:http';
import { botUser, fail, mediaMethods, ok, type TBotState, type TTelegramCall } from './telegram-protocol.js';
import type { TTelegramWorld } from './telegram-world.js';

/** The Bot API methods our server calls, answered as Telegram does. */

/** A ReplyKeyboardMarkup as the Bot API reads it: rows of buttons, each with a non-empty text. */
const isKeyboard = (markup: unknown): boolean => {
  const rows = (markup as { keyboard?: unknown } | null)?.keyboard;
  return (
    Array.isArray(rows) &&
    rows.length > 0 &&
    rows.every(
      (row) =>
        Array.isArray(row) &&
        row.length > 0 &&
        row.every(
          (button) =>
            typeof (button as { text?: unknown })?.text === 'string' && (button as { text: string }).text !== '',
        ),
    )
  );
};

export const createTelegramMethods = (world: TTelegramWorld) => {
  /** The Message a send returns: the bot's, in the chat, with what it carried. */
  const sentMessage = (state: TBotState, chatId: number, content: Record<string, unknown>) => ({
    message_id: world.nextMessageId(),
    from: botUser(state.bot),
    chat: state.chats.get(chatId),
    date: Math.floor(Date.now() / 1000),
    ...content,
  });

  /** A file our server sent: a new upload, an existing file_id, or a URL. */
  const fileOf = (call: TTelegramCall, field: string) => {
    const upload = call.files[field];
    if (upload)
      return { fileId: world.addFile(upload.bytes, `${field}s`, upload.name.split('.').pop() ?? 'bin'), upload };
    const ref = call.params[field];
    return typeof ref === 'string' && ref.length > 0 ? { fileId: ref, upload: null } : null;
  };

  const onSend = (res: ServerResponse, state: TBotState, call: TTelegramCall) => {
    const chatId = Number(call.params.chat_id);
    if (!state.chats.has(chatId)) return fail(res, 400, 'Bad Request: chat not found');
    const failure = world.failures.shift();
    if (failure)
      return fail(
        res,
        failure.code,
        failure.description,
        failure.retryAfter ? { retry_after: failure.retryAfter } : undefined,
      );
    const reply = call.params.reply_parameters as { message_id?: number } | undefined;
    const replyTo = reply?.message_id ? { reply_to_message: { message_id: reply.message_id } } : {};
    if (call.method === 'sendMessage') {
      if (typeof call.params.text !== 'string' || call.params.text.length === 0)
        return fail(res, 400, 'Bad Request: message text is empty');
      if (call.params.reply_markup !== undefined && !isKeyboard(call.params.reply_markup))
        return fail(res, 400, "Bad Request: can't parse reply keyboard markup JSON object");
      return ok(res, sentMessage(state, chatId, { text: call.params.text, ...replyTo }));
    }
    const field = mediaMethods[call.method as keyof typeof mediaMethods];
    const file = fileOf(call, field);
    if (!file) return fail(res, 400, `Bad Request: there is no ${field} in the request`);
    const size = file.upload?.bytes.length ?? 0;
    const media =
      field === 'photo'
        ? [{ file_id: file.fileId, file_unique_id: 'u1', width: 1, height: 1, file_size: size }]
        : {
            file_id: file.fileId,
            file_unique_id: 'u1',
            file_size: size,
            ...(file.upload ? { file_name: file.upload.name, mime_type: file.upload.type } : {}),
          };
    const caption = typeof call.params.caption === 'string' ? { caption: call.params.caption } : {};
    return ok(res, sentMessage(state, chatId, { [field]: media, ...caption, ...replyTo }));
  };

  /** getUpdates: what is queued past `offset` (earlier ones confirmed and dropped), waiting up to `timeout` s. */
  const onGetUpdates = async (res: ServerResponse, state: TBotState, params: Record<string, unknown>) => {
    if (state.webhook)
      return fail(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook first");
    const offset = Number(params.offset ?? 0);
    if (offset > 0) state.queue = state.queue.filter((update) => update.update_id >= offset);
    const limit = Math.min(Number(params.limit ?? 100), 100);
    const timeoutMs = Math.min(Number(params.timeout ?? 0), 50) * 1000;
    if (state.queue.length === 0 && timeoutMs > 0 && !world.closing)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          state.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        state.waiters.add(done);
      });
    return ok(res, state.queue.slice(0, limit));
  };

  const onSetWebhook = (res: ServerResponse, state: TBotState, params: Record<string, unknown>) => {
    const url = String(params.url ?? '');
    if (url === '') {
      state.webhook = null;
      return ok(res, true);
    }
    if (!url.startsWith('https://'))
      return fail(res, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
    const secret = params.secret_token === undefined ? null : String(params.secret_token);
    if (secret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
      return fail(res, 400, 'Bad Request: secret token contains unallowed characters');
    state.webhook = { url, secretToken: secret };
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') state.queue = [];
    return ok(res, true);
  };

  return async (res: ServerResponse, state: TBotState, call: TTelegramCall) => {
    const { params } = call;
    switch (call.method) {
      case 'getMe':
        return ok(res, { ...botUser(state.bot), can_join_groups: true, supports_inline_queries: false });
      case 'setWebhook':
        return onSetWebhook(res, state, params);
      case 'deleteWebhook':
        state.webhook = null;
        if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') state.queue = [];
        return ok(res, true);
      case 'getWebhookInfo':
        return ok(res, {
          url: state.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: state.queue.length,
        });
      case 'getUpdates':
        return onGetUpdates(res, state, params);
      case 'getFile': {
        const file = world.files.get(String(params.file_id ?? ''));
        if (!file) return fail(res, 400, 'Bad Request: invalid file_id');
        return ok(res, {
          file_id: params.file_id,
          file_unique_id: file.uniqueId,
          file_size: file.bytes.length,
          file_path: file.path,
        });
      }
      case 'sendChatAction':
        if (!state.chats.has(Number(params.chat_id))) return fail(res, 400, 'Bad Request: chat not found');
        return ok(res, true);
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendVoice':
      case 'sendAudio':
      case 'sendVideo':
        return onSend(res, state, call);
      default:
        return fail(res, 404, 'Not Found');
    }
  };
};
