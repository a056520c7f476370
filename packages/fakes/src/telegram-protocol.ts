import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './fake-http.js';

// The Telegram Bot API as the fake speaks it: its types, its answers and how it reads a call's parameters.

export type TFakeTelegramBot = { token: string; id: number; username: string; firstName: string };

/** The bot the demo mode and the e2e suite use (the token has BotFather's shape). */
export const demoTelegramBot: TFakeTelegramBot = {
  token: '7000000001:AAFdemoProsaBotToken0000000000000000',
  id: 7000000001,
  username: 'ProsaDemoBot',
  firstName: 'Prosa Demo',
};

export type TTelegramUser = { id: number; firstName: string; lastName?: string; username?: string };

/** What a user sends: text, a file (photo, voice note, document) with an optional caption, or a place. */
export type TTelegramUserMessage = {
  from: TTelegramUser;
  text?: string;
  photo?: Buffer;
  voice?: Buffer;
  document?: { bytes: Buffer; name: string; mime: string };
  caption?: string;
  /** A point on the map (the attachment menu's "Location"); `livePeriod` makes it a live location. */
  location?: { latitude: number; longitude: number; livePeriod?: number };
  /** A place picked from the map's list: Telegram sends it with its `location` too. */
  venue?: { latitude: number; longitude: number; title: string; address: string };
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

export type TTelegramFile = { bytes: Buffer; path: string; uniqueId: string };

export type TBotState = {
  bot: TFakeTelegramBot;
  revoked: boolean;
  webhook: { url: string; secretToken: string | null } | null;
  queue: TTelegramUpdate[];
  waiters: Set<() => void>;
  nextUpdateId: number;
  /** The chats that wrote to the bot: Telegram refuses to write first ("chat not found"). */
  chats: Map<number, Record<string, unknown>>;
};

export const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
export const ok = (res: ServerResponse, result: unknown) => reply(res, 200, { ok: true, result });
export const fail = (res: ServerResponse, code: number, description: string, parameters?: Record<string, unknown>) =>
  reply(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

/** The call's parameters from the query string and a JSON, urlencoded or multipart body, as the Bot API takes. */
export const readCall = async (req: IncomingMessage, url: URL) => {
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

export const mediaMethods = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendVoice: 'voice',
  sendAudio: 'audio',
  sendVideo: 'video',
} as const;

export const botUser = (bot: TFakeTelegramBot) => ({
  id: bot.id,
  is_bot: true,
  first_name: bot.firstName,
  username: bot.username,
});
