// Demo mode: runs the fake Telegram Bot API so Prosa can be tried without a bot of one's own.
//   npm run fake:telegram   (then start Prosa with the TELEGRAM_API_URL it prints)
// Create a "Telegram" connection in /sessoes with the printed token. Without an https PUBLIC_URL Prosa reads
// the bot's messages by long polling, so a user's message simply waits at the fake until Prosa takes it:
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"chatId":5551234567,"firstName":"Ana","username":"ana_souza","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoTelegramBot, startFakeTelegram } from './telegram.js';

const port = Number(process.env.FAKE_TELEGRAM_PORT ?? 3910);
const fake = await startFakeTelegram([demoTelegramBot], { port });
console.log(`Fake Telegram Bot API on ${fake.baseUrl}
  TELEGRAM_API_URL=${fake.apiUrl}
  Token do bot:  ${demoTelegramBot.token}   (@${demoTelegramBot.username})
  User messages: POST ${fake.baseUrl}/_fake/inbound   Sent replies: GET ${fake.baseUrl}/_fake/sent`);
