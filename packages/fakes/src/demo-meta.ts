// Demo mode: runs the fake WhatsApp Cloud API so Prosa can be tried without a Meta account.
//   npm run fake:meta   (then start Prosa with the META_GRAPH_URL it prints)
// Create a "WhatsApp (API oficial)" connection in /sessoes with the printed ids, token and any 32-hex app
// secret, then make a customer write:
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"webhookUrl":"<URL de retorno>","appSecret":"<chave>","waId":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoMetaNumber, demoMetaTemplates, startFakeMetaCloud } from './meta-cloud.js';

const port = Number(process.env.FAKE_META_PORT ?? 3900);
const fake = await startFakeMetaCloud(demoMetaNumber, { port });
fake.templates.push(...demoMetaTemplates());
console.log(`Fake WhatsApp Cloud API on ${fake.baseUrl}
  META_GRAPH_URL=${fake.graphUrl}
  ID do número de telefone:           ${demoMetaNumber.phoneNumberId}
  ID da conta do WhatsApp Business:   ${demoMetaNumber.wabaId}
  Token de acesso:                    ${demoMetaNumber.accessToken}
  Customer messages: POST ${fake.baseUrl}/_fake/inbound   Sent replies: GET ${fake.baseUrl}/_fake/sent`);
