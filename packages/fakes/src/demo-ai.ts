// Demo mode: fake AI providers (OpenAI and the OpenAI-compatible ones, Claude, Gemini, Whisper transcription)
// so Prosa's assistants can be tried without an account anywhere.
//   npm run fake:ai   (FAKE_AI_PORT, FAKE_AI_KEY to change the port or require a key)
// Paste the printed base URL into /configuracoes/chat-gpt (or lm, ollama, grok, deepseek, qwen, groqcloud),
// /configuracoes/claude or /configuracoes/gemini, with any key (or the FAKE_AI_KEY). The fake answers with the
// rules below, else "Resposta de teste para: <message>"; change them with
//   curl -X POST <fake>/_fake/rules -H 'content-type: application/json' -d '[{"when":"preço","reply":"R$ 10"}]'
// and see what Prosa sent at <fake>/_fake/requests.
import { startFakeAi } from './ai.js';

const port = Number(process.env.FAKE_AI_PORT ?? 3920);
const fake = await startFakeAi({ port, apiKey: process.env.FAKE_AI_KEY || undefined });
fake.rules([
  { when: 'horário', reply: 'Atendemos de segunda a sexta, das 8h às 18h.' },
  {
    when: 'atendente',
    reply: 'Certo, vou transferir você para um atendente.',
    toolCall: { name: 'hand_off', arguments: { reason: 'O cliente pediu um atendente' } },
  },
]);
console.log(`Fake AI providers on ${fake.baseUrl}${process.env.FAKE_AI_KEY ? `  (key: ${process.env.FAKE_AI_KEY})` : ''}
  ChatGPT, LM Studio, Ollama, Grok, DeepSeek, Qwen, GroqCloud: ${fake.openAiBaseUrl}
  Claude:  ${fake.anthropicBaseUrl}
  Gemini:  ${fake.geminiBaseUrl}
  Rules: POST ${fake.baseUrl}/_fake/rules   Script: POST ${fake.baseUrl}/_fake/script   Seen: GET ${fake.baseUrl}/_fake/requests`);
