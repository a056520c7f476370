import type { ServerResponse } from 'node:http';
import { readBody, startFakeServer } from './fake-http.js';
import { createTelegramMethods } from './telegram-methods.js';
import {
  fail,
  mediaMethods,
  readCall,
  reply,
  type TFakeTelegramBot,
  type TTelegramCall,
  type TTelegramUserMessage,
} from './telegram-protocol.js';
import { telegramUpdateOf } from './telegram-updates.js';
import { createTelegramWorld } from './telegram-world.js';

export {
  demoTelegramBot,
  type TFakeTelegramBot,
  type TTelegramCall,
  type TTelegramUpdate,
  type TTelegramUser,
  type TTelegramUserMessage,
} from './telegram-protocol.js';

/**
 * A fake Telegram Bot API on loopback, speaking the documented protocol: `/bot<token>/<method>` with JSON,
 * form or multipart bodies, answers `{ok:true,result}` or `{ok:false,error_code,description}`; getMe,
 * setWebhook / deleteWebhook / getWebhookInfo, getUpdates (long polling, `offset` confirms), getFile and
 * `/file/bot<token>/<path>` downloads, sendMessage / sendPhoto / sendDocument / sendVoice / sendAudio /
 * sendVideo (a file_id, a URL or an upload), sendChatAction. It also plays the users' side: their messages
 * (text, files, places) become real Updates, posted to the registered webhook with
 * `X-Telegram-Bot-Api-Secret-Token`, or queued for getUpdates when no webhook is set.
 *
 * Control paths, unauthenticated, for tests in another process and the demo mode: `GET /_fake/sent` (what our
 * server sent), `GET /_fake/webhook`, `POST /_fake/inbound` (`{ text, chatId?, firstName?, lastName?,
 * username? }`: a user's text, to the webhook or the getUpdates queue), `POST /_fake/revoke` / `/_fake/restore`
 * (the token stops / starts working).
 */
export const startFakeTelegram = async (bots: TFakeTelegramBot[], options: { port?: number } = {}) => {
  const world = createTelegramWorld(bots);
  const { calls, files, states, stateOf } = world;
  const onMethod = createTelegramMethods(world);

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

  const fake = {
    baseUrl,
    /** What to set TELEGRAM_API_URL to. */
    apiUrl: baseUrl,
    calls,
    addBot: world.addBot,
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
    updateOf: (input: TTelegramUserMessage, token?: string) => telegramUpdateOf(world, stateOf(token), input),
    /**
     * A user writes to the bot: the Update goes to the webhook (with its secret header) when one is set,
     * else it waits for getUpdates.
     */
    userSends: async (input: TTelegramUserMessage, token?: string) => {
      const state = stateOf(token);
      const update = telegramUpdateOf(world, state, input);
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
    failNextSend: (failure: { code: number; description: string; retryAfter?: number }) => world.failures.push(failure),
    close: () => {
      world.closing = true;
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
