import { randomBytes } from 'node:crypto';
import { startFakeTelegram, type TFakeTelegram, type TFakeTelegramBot, type TTelegramUserMessage } from '@prosa/fakes';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesWithExternalId } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { messages, tenants } from '../../platform/db/schema.js';

// Places shared in Telegram, as the Bot API documents the Message: a point (`location`), a venue (`venue`, sent
// with its `location` too) and a live location, whose moves arrive as edits. Each is stored in the location
// body every channel uses.
const bot: TFakeTelegramBot = {
  token: `7200000001:AA${randomBytes(24).toString('base64url')}`,
  id: 7200000001,
  username: 'LojaMapaBot',
  firstName: 'Loja Mapa',
};
const bruno = { id: 5551230077, firstName: 'Bruno', lastName: 'Lima' };

let telegram: TFakeTelegram;
let t: TestApp;
let connection: { id: number; token: string };
let secret: string;

const userSends = async (input: Omit<TTelegramUserMessage, 'from'>) => {
  const update = telegram.updateOf({ from: bruno, ...input }, bot.token);
  const res = await t.request('POST', `/telegramhooks/${connection.token}`, {
    body: JSON.stringify(update),
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
  });
  expect(res.status).toBe(200);
  const message = (update.message ?? update.edited_message) as { message_id: number };
  return `${bruno.id}:${message.message_id}`;
};
const storedWith = async (externalId: string) => (await messagesWithExternalId(t, externalId))[0];

beforeAll(async () => {
  telegram = await startFakeTelegram([bot]);
  t = await startTestApp({ telegramApiUrl: telegram.apiUrl, publicUrl: 'https://prosa.test' });
  const fx = await t.createTenantFixture('Mapa');
  await t.db.update(tenants).set({ maxConnections: 2 }).where(eq(tenants.id, fx.tenantId));
  const res = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Telegram', type: 'telegram', queueId: fx.queue.id, config: { botToken: bot.token } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  connection = res.body;
  secret = String(telegram.webhookOf(bot.token)?.secretToken);
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});

describe('Telegram places', () => {
  it('a shared point is a location message with its map link', async () => {
    const id = await userSends({ location: { latitude: -22.951916, longitude: -43.210487 } });
    expect(await storedWith(id)).toMatchObject({
      mediaType: 'location',
      body: 'https://maps.google.com/maps?q=-22.951916,-43.210487',
      fromMe: false,
    });
  });

  it('a venue keeps its name and address', async () => {
    const id = await userSends({
      venue: {
        latitude: -23.587416,
        longitude: -46.657634,
        title: 'Parque Ibirapuera',
        address: 'Av. Pedro Álvares Cabral',
      },
    });
    expect(await storedWith(id)).toMatchObject({
      mediaType: 'location',
      body: 'Parque Ibirapuera - Av. Pedro Álvares Cabral\nhttps://maps.google.com/maps?q=-23.587416,-46.657634',
    });
  });

  it('a live location is stored once: its moves (edits of the point) are not new messages', async () => {
    const id = await userSends({ location: { latitude: -8.063169, longitude: -34.871139, livePeriod: 900 } });
    expect((await storedWith(id))?.mediaType).toBe('location');
    await userSends({ location: { latitude: -8.0632, longitude: -34.8712 }, editOf: Number(id.split(':')[1]) });
    const rows = await t.db
      .select()
      .from(messages)
      .where(like(messages.messageId, `${id}%`));
    expect(rows.map((row) => row.messageId)).toEqual([id]);
  });
});
