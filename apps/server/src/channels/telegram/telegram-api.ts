import { ChannelSendError } from '../types.js';

/** A Bot API refusal as Telegram sends it: `{ ok: false, error_code, description, parameters? }`. */
export class TelegramError extends Error {
  constructor(
    /** Telegram's error_code (the HTTP status); 0 when Telegram could not be reached. */
    readonly code: number,
    readonly description: string,
    readonly retryAfter: number | null = null,
  ) {
    super(`telegram ${code}: ${description}`);
  }

  /** Worth another try later: Telegram or the network is unwell, or the bot is throttled (429). */
  get retryable(): boolean {
    return this.code === 0 || this.code === 429 || this.code >= 500;
  }

  /** The catalogue code an agent or admin sees. */
  get reason(): string {
    if (this.code === 401 || this.code === 404) return 'ERR_TELEGRAM_TOKEN_INVALID';
    if (this.code === 403 || (this.code === 400 && /chat not found/i.test(this.description)))
      return 'ERR_TELEGRAM_BLOCKED';
    if (this.code === 0) return 'ERR_TELEGRAM_UNREACHABLE';
    return 'ERR_SENDING_WAPP_MSG';
  }

  toSendError(): ChannelSendError {
    // A refused token is the bot itself failing (revoked at @BotFather): the connection goes down.
    return new ChannelSendError(this.reason, this.retryable, this.reason === 'ERR_TELEGRAM_TOKEN_INVALID');
  }
}

export type TTelegramUser = { id: number; is_bot?: boolean; first_name: string; last_name?: string; username?: string };
export type TTelegramChat = { id: number; type: string; title?: string; username?: string };
export type TTelegramFileRef = { file_id: string; file_unique_id?: string; file_size?: number };
export type TTelegramMessage = {
  message_id: number;
  from?: TTelegramUser;
  chat: TTelegramChat;
  date: number;
  edit_date?: number;
  text?: string;
  caption?: string;
  photo?: (TTelegramFileRef & { width: number; height: number })[];
  voice?: TTelegramFileRef & { mime_type?: string };
  audio?: TTelegramFileRef & { mime_type?: string; file_name?: string };
  video?: TTelegramFileRef & { mime_type?: string; file_name?: string };
  video_note?: TTelegramFileRef;
  document?: TTelegramFileRef & { mime_type?: string; file_name?: string };
  sticker?: TTelegramFileRef & { emoji?: string };
  location?: { latitude: number; longitude: number; live_period?: number };
  venue?: { location: { latitude: number; longitude: number }; title?: string; address?: string };
  reply_to_message?: { message_id: number };
};
export type TTelegramUpdate = { update_id: number; message?: TTelegramMessage; edited_message?: TTelegramMessage };

/** A file to upload with a send (multipart), or a text-only call. */
export type TTelegramUpload = { field: string; bytes: Buffer; mime: string; name: string };

/** Bot API calls of one bot, over fetch, with a timeout on every call. */
export const createTelegramClient = (apiUrl: string, botToken: string, timeoutMs = 15_000) => {
  const call = async <T>(
    method: string,
    params: Record<string, unknown> = {},
    options: { upload?: TTelegramUpload; timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<T> => {
    let body: string | FormData = JSON.stringify(params);
    const headers: Record<string, string> = {};
    if (options.upload) {
      const form = new FormData();
      // Multipart values are strings: objects (reply_parameters) go as JSON, as the Bot API expects.
      for (const [key, value] of Object.entries(params))
        form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      const { field, bytes, mime, name } = options.upload;
      form.append(field, new Blob([new Uint8Array(bytes)], { type: mime }), name);
      body = form;
    } else headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${apiUrl}/bot${botToken}/${method}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs ?? timeoutMs),
          ...(options.signal ? [options.signal] : []),
        ]),
      });
    } catch (error) {
      throw new TelegramError(0, `network: ${(error as Error).message}`);
    }
    const json = (await res.json().catch(() => ({}))) as {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    };
    if (!json.ok || json.result === undefined)
      throw new TelegramError(
        json.error_code ?? res.status,
        json.description ?? `HTTP ${res.status}`,
        json.parameters?.retry_after ?? null,
      );
    return json.result;
  };

  return {
    call,
    /** The bot behind the token: proves the token works and names the bot (@username). */
    getMe: () => call<TTelegramUser & { username: string }>('getMe'),
    setWebhook: (url: string, secretToken: string) =>
      call<boolean>('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message', 'edited_message'] }),
    deleteWebhook: () => call<boolean>('deleteWebhook', { drop_pending_updates: false }),
    /** Long polling: waits up to `timeoutSeconds` for updates past `offset` (which confirms the earlier ones). */
    getUpdates: (offset: number, timeoutSeconds: number, signal?: AbortSignal) =>
      call<TTelegramUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message', 'edited_message'] },
        // The request outlives the long poll by a margin; `signal` ends it at once when the poller stops.
        { timeoutMs: (timeoutSeconds + 10) * 1000, signal },
      ),
    sendChatAction: (chatId: string, action: 'typing' | 'record_voice') =>
      call<boolean>('sendChatAction', { chat_id: chatId, action }),
    /** A user's file: its path by getFile, then its bytes at `/file/bot<token>/<path>`. */
    downloadFile: async (fileId: string, maxBytes: number) => {
      const file = await call<{ file_path?: string; file_size?: number }>('getFile', { file_id: fileId });
      if (!file.file_path) throw new TelegramError(400, 'file has no path (larger than 20 MB?)');
      if ((file.file_size ?? 0) > maxBytes) throw new TelegramError(400, 'file larger than MEDIA_MAX_BYTES');
      let res: Response;
      try {
        res = await fetch(`${apiUrl}/file/bot${botToken}/${file.file_path}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TelegramError(0, `network: ${(error as Error).message}`);
      }
      if (!res.ok) throw new TelegramError(res.status, `file download: HTTP ${res.status}`);
      return { bytes: Buffer.from(await res.arrayBuffer()), path: file.file_path };
    },
  };
};

export type TTelegramClient = ReturnType<typeof createTelegramClient>;
