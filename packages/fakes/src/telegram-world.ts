import { randomBytes } from 'node:crypto';
import type { TBotState, TFakeTelegramBot, TTelegramCall, TTelegramFile } from './telegram-protocol.js';

/** What one fake Telegram holds: its bots, the files users and our server sent, the calls, the failures queued. */
export const createTelegramWorld = (bots: TFakeTelegramBot[]) => {
  const states = new Map<string, TBotState>();
  const files = new Map<string, TTelegramFile>();
  const calls: TTelegramCall[] = [];
  const failures: { code: number; description: string; retryAfter?: number }[] = [];
  let lastMessageId = 100;

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

  return {
    states,
    files,
    calls,
    failures,
    /** Set when the fake closes: long polls answer at once. */
    closing: false,
    addBot,
    stateOf: (token = bots[0]?.token ?? '') => {
      const state = states.get(token);
      if (!state) throw new Error(`no fake bot ${token}`);
      return state;
    },
    /** Keeps a file as Telegram's storage does, for getFile and downloads; answers its file_id. */
    addFile: (bytes: Buffer, folder: string, ext: string) => {
      const fileId = `AgAC${randomBytes(12).toString('base64url')}`;
      files.set(fileId, {
        bytes,
        path: `${folder}/file_${files.size}.${ext}`,
        uniqueId: randomBytes(6).toString('hex'),
      });
      return fileId;
    },
    /** Telegram numbers messages per chat; the fake numbers them all in one sequence (still unique per chat). */
    nextMessageId: () => ++lastMessageId,
  };
};

export type TTelegramWorld = ReturnType<typeof createTelegramWorld>;
