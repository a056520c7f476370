// Demo mode: runs the fake Messenger Platform (Graph API) so Prosa's Instagram and Messenger channels can be
// tried without a Meta app.
//   npm run fake:graph   (then start Prosa with the META_GRAPH_URL it prints; it replaces fake:meta's)
// Create an "Instagram" or "Messenger" connection in /sessoes with the printed ids and token, and any 32-hex app
// secret; the card shows the webhook URL ("URL de retorno"). Then play the customer:
//   curl -X POST <fake>/_fake/message -H 'content-type: application/json' \
//     -d '{"webhookUrl":"<URL de retorno>","appSecret":"<chave>","channel":"messenger","customerId":"6100000000000001","name":"Ana","text":"Oi"}'
// The same body (without text) on /_fake/delivery, /_fake/read and /_fake/reaction marks the last reply
// delivered, read or reacted to. Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoGraphAccounts, startFakeGraphMessaging } from './graph-messaging.js';

const port = Number(process.env.FAKE_GRAPH_PORT ?? 3930);
const fake = await startFakeGraphMessaging(demoGraphAccounts, { port });
console.log(`Fake Messenger Platform (Instagram + Messenger) on ${fake.baseUrl}
  META_GRAPH_URL=${fake.graphUrl}
  Messenger  - ID da Página:                 ${demoGraphAccounts.pageId}
  Instagram  - ID da conta do Instagram:     ${demoGraphAccounts.instagramId}
  Token de acesso da Página (ambos):         ${demoGraphAccounts.accessToken}
  Chave secreta do app:                      any 32 hex characters (type the same in the curl below)
  Customer writes:  POST ${fake.baseUrl}/_fake/message   {"webhookUrl":"...","appSecret":"...","channel":"instagram","customerId":"6100000000000001","name":"Ana","text":"Oi"}
  Delivered / read: POST ${fake.baseUrl}/_fake/delivery | /_fake/read   (same body, no text)
  Reaction:         POST ${fake.baseUrl}/_fake/reaction  (same body, "emoji":"❤️")
  Token revoked:    POST ${fake.baseUrl}/_fake/revoke    (and /_fake/restore)
  Sent replies:     GET  ${fake.baseUrl}/_fake/sent`);
