// Demo mode: runs fake Typebot, Dify, Dialogflow and n8n servers so Prosa's bot screens can be tried without
// the real products.
//   npm run fake:bots
// Type the printed addresses and credentials in /configuracoes/typebot, /dify, /dialogflow and /n8n. Prosa
// refuses loopback addresses for tenant-typed URLs unless WEBHOOK_ALLOW_PRIVATE=true (platform/public-fetch.ts).
// What each fake received: GET <fake>/_fake/requests.
import { demoDialogflowIntents, startFakeDialogflow } from './dialogflow.js';
import { demoDify, startFakeDify } from './dify.js';
import { demoN8n, startFakeN8n } from './n8n.js';
import { demoTypebot, startFakeTypebot } from './typebot.js';

const port = Number(process.env.FAKE_BOTS_PORT ?? 3951);
const typebot = await startFakeTypebot({ bots: [demoTypebot], port });
const dify = await startFakeDify({ apiKey: demoDify.apiKey, port: port + 1 });
const dialogflow = await startFakeDialogflow({ intents: demoDialogflowIntents, port: port + 2 });
const n8n = await startFakeN8n({
  paths: [demoN8n.path],
  auth: { name: demoN8n.authHeaderName, value: demoN8n.authHeaderValue },
  port: port + 3,
});
const projectId = 'prosa-demo';

console.log(`Fake Typebot on ${typebot.baseUrl}
  URL do Typebot / Viewer URL: ${typebot.baseUrl}
  Id público / Public id:      ${demoTypebot.publicId}   (menu: 1 - Vendas, 2 - Suporte)
  Sessions:                    GET ${typebot.baseUrl}/_fake/sessions

Fake Dify on ${dify.baseUrl}   (the app echoes: "Você disse: ...")
  URL da API / API URL:        ${dify.apiUrl}
  Chave do app / App key:      ${demoDify.apiKey}
  Tipo / Type:                 chatBot (also agent, textGenerator, workflow)

Fake Dialogflow on ${dialogflow.baseUrl}   (intents: ${demoDialogflowIntents.map((i) => i.displayName).join(', ')})
  Id do projeto / Project id:  ${projectId}
  Endereço da API / API URL:   ${dialogflow.apiUrl}
  Conta de serviço / Service account JSON (paste it whole):
${JSON.stringify(dialogflow.serviceAccount(projectId))}

Fake n8n on ${n8n.baseUrl}   (the workflow answers { reply: "Recebido: ..." })
  URL do webhook / Webhook URL: ${n8n.webhookUrl()}
  Cabeçalho / Header name:     ${demoN8n.authHeaderName}
  Valor / Header value:        ${demoN8n.authHeaderValue}`);
