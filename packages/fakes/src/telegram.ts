import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startFakeServer } from './fake-http.js';

/**
 * A fake Telegram Bot API on loopback, speaking the documented protocol: `/bot<token>/<method>` with JSON,
 * form or multipart bodies, answers `{ok:true,result}` or `{ok:false,error_code,description}`; getMe,
 * setWebhook / deleteWebhook / getWebhookInfo, getUpdates (long polling, `offset` confirms), getFile and
 * `/file/bot<token>/<path>` downloads, sendMessage / sendPhoto / sendDocument / sendVoice / sendAudio /
 * sendVideo (a file_id, a URL or an upload), sendChatAction. It also plays the users' side: their messages
 * become real Updates, posted to the registered webhook with `X-Telegram-Bot-Api-Secret-Token`, or queued for
 * getUpdates when no webhook is set.
 */
export type TFakeTelegramBot = { token: string; id: number; username: string; firstName: string };

/** The bot the demo mode and the e2e suite use (the token has BotFather's shape). */
export const demoTelegramBot: TFakeTelegramBot = {
  token: '7000000001:AAFdemoProsaBotToken0000000000000000',
  id: 7000000001,
  username: 'ProsaDemoBot',
  firstName: 'Prosa Demo',
};

export type TTelegramUser = { id: number; firstName: string; lastName?: string; username?: string };

/** What a user sends: text, or a file (photo, voice note, document) with an optional caption. */
export type TTelegramUserMessage = {
  from: TTelegramUser;
  text?: string;
  photo?: Buffer;
  voice?: Buffer;
  document?: { bytes: Buffer; name: string; mime: string };
  caption?: string;
  /** The message_id (in this chat) the user answers. */
  replyTo?: number;
  /** A group chat instead of the private chat with the bot. */
  group?: { id: number; title: string };
  /** Sent as an edit of one of the user's earlier messages. */
  editOf?: number;
};

/** A call our server made, as the fake understood it (files as name, type and bytes). */
export type TTelegramCall = {
  token: string;
  method: string;
  params: Record<string, unknown>;
  files: Record<string, { name: string; type: string; bytes: Buffer }>;
};

export type TTelegramUpdate = { update_id: number } & Record<string, unknown>;

type TFile = { bytes: Buffer; path: string; uniqueId: string };

type TBotState = {
  bot: TFakeTelegramBot;
  revoked: boolean;
  webhook: { url: string; secretToken: string | null } | null;
  queue: TTelegramUpdate[];
  waiters: Set<() => void>;
  nextUpdateId: number;
  /** The chats that wrote to the bot: Telegram refuses to write first ("chat not found"). */
  chats: Map<number, Record<string, unknown>>;
};

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const ok = (res: ServerResponse, result: unknown) => reply(res, 200, { ok: true, result });
const fail = (res: ServerResponse, code: number, description: string, parameters?: Record<string, unknown>) =>
  reply(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

/** The call's parameters from the query string and a JSON, urlencoded or multipart body, as the Bot API takes. */
const readCall = async (req: IncomingMessage, url: URL) => {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files: TTelegramCall['files'] = {};
  const raw = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json') && raw.length > 0) Object.assign(params, JSON.parse(raw.toString('utf8')));
  else if (type.startsWith('application/x-www-form-urlencoded'))
    Object.assign(params, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
  else if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake', { method: 'POST', headers: { 'content-type': type }, body: raw })
      .formData()
      .catch(() => new FormData());
    const entries: [string, string | File][] = [];
    form.forEach((value, key) => {
      entries.push([key, value]);
    });
    for (const [key, value] of entries) {
      if (typeof value === 'string') params[key] = value;
      else files[key] = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  // Multipart and form values are strings; objects (reply_parameters) come as JSON there.
  for (const [key, value] of Object.entries(params))
    if (typeof value === 'string' && /^[[{]/.test(value))
      try {
        params[key] = JSON.parse(value);
      } catch {
        // A caption that starts with a brace stays text.
      }
  return { params, files };
};

const mediaMethods = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendVoice: 'voice',
  sendAudio: 'audio',
  sendVideo: 'video',
} as const;

/**
 * Starts the fake with its bots (more can be added). Control paths, unauthenticated, for tests in another
 * process and the demo mode: `GET /_fake/sent` (what our server sent), `GET /_fake/webhook`, `POST
 * /_fake/inbound` (`{ text, chatId?, firstName?, lastName?, username? }`: a user's text, to the webhook or
 * the getUpdates queue), `POST /_fake/revoke` / `/_fake/restore` (the token stops / starts working).
 */
export const startFakeTelegram = async (bots: TFakeTelegramBot[], options: { port?: number } = {}) => {
  const states = new Map<string, TBotState>();
  const files = new Map<string, TFile>();
  const calls: TTelegramCall[] = [];
  const failures: { code: number; description: string; retryAfter?: number }[] = [];
  let nextMessageId = 100;
  let closing = false;

  const addBot = (bot: TFakeTelegramBot) => {
    states.set(bot.token, {
      bot,
      revoked: false,
      webhook: null,
      queue: [],
      waiters: new Set(),
      nextUpdateId: 500_000 + Math.floor(Math.random() * 1000),
      chats: new Map(),
    });
  };
  for (const bot of bots) addBot(bot);
  const stateOf = (token = bots[0]?.token ?? '') => {
    const state = states.get(token);
    if (!state) throw new Error(`no fake bot ${token}`);
    return state;
  };

  const addFile = (bytes: Buffer, folder: string, ext: string) => {
    const fileId = `AgAC${randomBytes(12).toString('base64url')}`;
    files.set(fileId, { bytes, path: `${folder}/file_${files.size}.${ext}`, uniqueId: randomBytes(6).toString('hex') });
    return fileId;
  };

  const botUser = (bot: TFakeTelegramBot) => ({
    id: bot.id,
    is_bot: true,
    first_name: bot.firstName,
    username: bot.username,
  });

  /** The Message a send returns: the bot's, in the chat, with what it carried. */
  const sentMessage = (state: TBotState, chatId: number, content: Record<string, unknown>) => ({
    message_id: ++nextMessageId,
    from: botUser(state.bot),
    chat: state.chats.get(chatId),
    date: Math.floor(Date.now() / 1000),
    ...content,
  });

  /** A file our server sent: a new upload, an existing file_id, or a URL. */
  const fileOf = (call: TTelegramCall, field: string) => {
    const upload = call.files[field];
    if (upload) return { fileId: addFile(upload.bytes, `${field}s`, upload.name.split('.').pop() ?? 'bin'), upload };
    const ref = call.params[field];
    return typeof ref === 'string' && ref.length > 0 ? { fileId: ref, upload: null } : null;
  };

  const onSend = (res: ServerResponse, state: TBotState, call: TTelegramCall) => {
    const chatId = Number(call.params.chat_id);
    if (!state.chats.has(chatId)) return fail(res, 400, 'Bad Request: chat not found');
    const failure = failures.shift();
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
    if (state.queue.length === 0 && timeoutMs > 0 && !closing)
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

  const onMethod = async (res: ServerResponse, state: TBotState, call: TTelegramCall) => {
    const { params } = call;
    switch (call.method) {
      case 'getMe':
        return ok(res, { ...botUser(state.bot), can_join_groups: true, supports_inline_queries: false });
      case 'setWebhook': {
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
      }
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
        const file = files.get(String(params.file_id ?? ''));
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

  const onControl = async (res: ServerResponse, path: string, body: Record<string, unknown>) => {
    if (path === '/_fake/sent') return reply(res, 200, fake.sent());
    if (path === '/_fake/webhook') return reply(res, 200, stateOf().webhook);
    if (path === '/_fake/revoke') return reply(res, 200, { revoked: fake.revokeToken() });
    if (path === '/_fake/restore') return reply(res, 200, { restored: fake.restoreToken() });
    if (path === '/_fake/inbound') {
      const chatId = Number(body.chatId ?? 5_551_234_567);
      const from = {
        id: chatId,
        firstName: String(body.firstName ?? 'Ana'),
        ...(body.lastName ? { lastName: String(body.lastName) } : {}),
        ...(body.username ? { username: String(body.username) } : {}),
      };
      return reply(res, 200, await fake.userSends({ from, text: String(body.text ?? 'Oi') }));
    }
    return reply(res, 404, { error: 'unknown control path' });
  };

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => fail(res, 500, `Internal Server Error: ${String(error)}`),
    handle: async (req, res, url) => {
      if (url.pathname.startsWith('/_fake/')) {
        const raw = await readBody(req);
        const body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
        return onControl(res, url.pathname, body);
      }
      const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
      if (download) {
        const state = states.get(download[1] ?? '');
        if (!state || state.revoked) return fail(res, 401, 'Unauthorized');
        const file = [...files.values()].find((f) => f.path === download[2]);
        if (!file) return fail(res, 404, 'Not Found');
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(file.bytes);
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!match) return fail(res, 404, 'Not Found');
      const state = states.get(match[1] ?? '');
      const { params, files: uploads } = await readCall(req, url);
      const call: TTelegramCall = { token: match[1] ?? '', method: match[2] ?? '', params, files: uploads };
      calls.push(call);
      if (!state || state.revoked) return fail(res, 401, 'Unauthorized');
      return onMethod(res, state, call);
    },
  });
  const { baseUrl } = server;

  /** A user's message as the Update Telegram makes of it (the files stored for getFile). */
  const updateOf = (state: TBotState, input: TTelegramUserMessage): TTelegramUpdate => {
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
    const content: Record<string, unknown> = {};
    if (input.text !== undefined) content.text = input.text;
    if (input.photo)
      content.photo = [
        { file_id: addFile(input.photo.subarray(0, 8), 'photos', 'jpg'), file_unique_id: 's', width: 90, height: 90 },
        { file_id: addFile(input.photo, 'photos', 'jpg'), file_unique_id: 'l', width: 1280, height: 960 },
      ];
    if (input.voice)
      content.voice = {
        file_id: addFile(input.voice, 'voice', 'oga'),
        file_unique_id: 'v',
        duration: 3,
        mime_type: 'audio/ogg',
      };
    if (input.document)
      content.document = {
        file_id: addFile(input.document.bytes, 'documents', input.document.name.split('.').pop() ?? 'bin'),
        file_unique_id: 'd',
        file_name: input.document.name,
        mime_type: input.document.mime,
      };
    if (input.caption) content.caption = input.caption;
    if (input.replyTo) content.reply_to_message = { message_id: input.replyTo, chat, date: 0 };
    const now = Math.floor(Date.now() / 1000);
    const message = {
      message_id: input.editOf ?? ++nextMessageId,
      from,
      chat,
      date: now,
      ...(input.editOf ? { edit_date: now } : {}),
      ...content,
    };
    return { update_id: ++state.nextUpdateId, [input.editOf ? 'edited_message' : 'message']: message };
  };

  const fake = {
    baseUrl,
    /** What to set TELEGRAM_API_URL to. */
    apiUrl: baseUrl,
    calls,
    addBot,
    /** Our server's sends (sendMessage, sendPhoto, ...), in order. */
    sent: () =>
      calls
        .filter((call) => call.method === 'sendMessage' || call.method in mediaMethods)
        .map((call) => ({
          method: call.method,
          ...call.params,
          files: Object.fromEntries(
            Object.entries(call.files).map(([key, f]) => [key, { name: f.name, type: f.type, size: f.bytes.length }]),
          ),
        })),
    /** The webhook our server registered for a bot, with its secret token. */
    webhookOf: (token?: string) => stateOf(token).webhook,
    /** Updates waiting for getUpdates (not yet confirmed by an offset). */
    pending: (token?: string) => [...stateOf(token).queue],
    /** Builds a user's Update without delivering it (tests post it themselves). */
    updateOf: (input: TTelegramUserMessage, token?: string) => updateOf(stateOf(token), input),
    /**
     * A user writes to the bot: the Update goes to the webhook (with its secret header) when one is set,
     * else it waits for getUpdates.
     */
    userSends: async (input: TTelegramUserMessage, token?: string) => {
      const state = stateOf(token);
      const update = updateOf(state, input);
      if (!state.webhook) {
        state.queue.push(update);
        for (const wake of [...state.waiters]) wake();
        return { update, delivered: 'queued' as const, status: null };
      }
      const res = await fetch(state.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(state.webhook.secretToken ? { 'x-telegram-bot-api-secret-token': state.webhook.secretToken } : {}),
        },
        body: JSON.stringify(update),
      });
      return { update, delivered: 'webhook' as const, status: res.status };
    },
    /** The bot's token stops working (revoked at @BotFather), or works again. */
    revokeToken: (token?: string) => {
      stateOf(token).revoked = true;
      return true;
    },
    restoreToken: (token?: string) => {
      stateOf(token).revoked = false;
      return true;
    },
    /** The next send answers this error (429 with retry_after, 403 blocked by the user, ...). */
    failNextSend: (failure: { code: number; description: string; retryAfter?: number }) => failures.push(failure),
    close: () => {
      closing = true;
      for (const state of states.values()) for (const wake of [...state.waiters]) wake();
      // getUpdates callers keep their connections open: end them, or close would wait for them.
      const closed = server.close();
      server.server.closeAllConnections();
      return closed;
    },
  };
  return fake;
};

export type TFakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
