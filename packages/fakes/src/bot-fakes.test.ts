import { createSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startFakeDialogflow } from './dialogflow.js';
import { startFakeDify } from './dify.js';
import { startFakeN8n } from './n8n.js';
import { demoTypebot, startFakeTypebot } from './typebot.js';

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};

describe('fake Typebot', () => {
  it("answers Typebot's shapes: markdown on request, a retry for an unknown choice, 404 for what it does not know", async () => {
    const fake = await startFakeTypebot({ bots: [demoTypebot] });
    try {
      const start = await post(`${fake.baseUrl}/api/v1/typebots/prosa-demo/startChat`, {
        prefilledVariables: { name: 'Ana' },
        textBubbleContentFormat: 'markdown',
      });
      const started = JSON.parse(start.text);
      expect(started.messages[0].content).toEqual({ type: 'markdown', markdown: 'Olá, Ana! Sou o bot da Prosa.' });
      expect(started.input).toMatchObject({
        type: 'choice input',
        items: [{ content: 'Vendas' }, { content: 'Suporte' }],
      });
      const retry = JSON.parse(
        (
          await post(`${fake.baseUrl}/api/v1/sessions/${started.sessionId}/continueChat`, {
            message: { type: 'text', text: 'x' },
          })
        ).text,
      );
      expect(retry.input.type).toBe('choice input');
      expect(retry.messages[0].content.richText[0].children[0].text).toBe('Invalid message. Please, try again.');
      expect(await post(`${fake.baseUrl}/api/v1/sessions/nope/continueChat`, { message: 'oi' })).toEqual({
        status: 404,
        text: JSON.stringify({ message: 'Session not found.', code: 'NOT_FOUND' }),
      });
      expect((await post(`${fake.baseUrl}/api/v1/typebots/nope/startChat`, {})).status).toBe(404);
    } finally {
      await fake.close();
    }
  });
});

describe('fake Dify', () => {
  it("streams message chunks and message_end with usage, and refuses like Dify's API", async () => {
    const fake = await startFakeDify({ apiKey: 'k' });
    try {
      const auth = { authorization: 'Bearer k' };
      const stream = await post(
        `${fake.apiUrl}/chat-messages`,
        { query: 'oi', user: 'u', response_mode: 'streaming' },
        auth,
      );
      const events = stream.text
        .split('\n\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line.replace(/^data: /, '')));
      expect(events.at(-1)).toMatchObject({
        event: 'message_end',
        metadata: { usage: { total_tokens: expect.any(Number) } },
      });
      expect(
        events
          .filter((e) => e.event === 'message')
          .map((e) => e.answer)
          .join(''),
      ).toBe('Você disse: oi');
      expect(JSON.parse((await post(`${fake.apiUrl}/chat-messages`, { query: 'oi', user: 'u' })).text)).toEqual({
        code: 'unauthorized',
        message: "Authorization header must be provided and start with 'Bearer'",
        status: 401,
      });
      const unknown = await post(
        `${fake.apiUrl}/chat-messages`,
        { query: 'oi', user: 'u', conversation_id: 'x', response_mode: 'blocking' },
        auth,
      );
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text).message).toBe('Conversation Not Exists.');
    } finally {
      await fake.close();
    }
  });
});

describe('fake Dialogflow', () => {
  it("checks the JWT grant's type, audience and lifetime, and the bearer of detectIntent", async () => {
    const fake = await startFakeDialogflow();
    try {
      const account = fake.serviceAccount('p');
      const jwt = (claims: Record<string, unknown>) => {
        const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
        const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
        return `${unsigned}.${signature}`;
      };
      const now = Math.floor(Date.now() / 1000);
      const good = {
        iss: account.client_email,
        aud: fake.tokenUrl,
        scope: 'https://www.googleapis.com/auth/dialogflow',
        iat: now,
        exp: now + 3600,
      };
      const grant = (form: Record<string, string>) =>
        fetch(fake.tokenUrl, { method: 'POST', body: new URLSearchParams(form) }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as Record<string, string>,
        }));
      const bearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
      expect((await grant({ grant_type: 'password', assertion: jwt(good) })).body.error).toBe('unsupported_grant_type');
      expect((await grant({ grant_type: bearer, assertion: jwt({ ...good, aud: 'https://x.test' }) })).body.error).toBe(
        'invalid_grant',
      );
      expect(
        (await grant({ grant_type: bearer, assertion: jwt({ ...good, iat: now - 7200, exp: now - 3600 }) })).status,
      ).toBe(400);
      const ok = await grant({ grant_type: bearer, assertion: jwt(good) });
      expect(ok.body).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });
      const detect = `${fake.baseUrl}/v2/projects/p/agent/sessions/s1:detectIntent`;
      const query = { queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } } };
      expect(JSON.parse((await post(detect, query)).text).error.status).toBe('UNAUTHENTICATED');
      const answer = JSON.parse((await post(detect, query, { authorization: `Bearer ${ok.body.access_token}` })).text);
      expect(answer.queryResult).toMatchObject({
        fulfillmentText: 'Olá! Em que posso ajudar?',
        intent: { displayName: 'Boas-vindas' },
      });
    } finally {
      await fake.close();
    }
  });
});

describe('fake n8n', () => {
  it('takes the test URL too and answers 404 for a webhook that is not registered', async () => {
    const fake = await startFakeN8n({ paths: ['a'] });
    try {
      expect(JSON.parse((await post(fake.testWebhookUrl('a'), { message: 'oi' })).text)).toEqual({
        reply: 'Recebido: oi',
      });
      expect(fake.requests.at(-1)?.test).toBe(true);
      const missing = await post(fake.webhookUrl('b'), {});
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text).message).toBe('The requested webhook "POST b" is not registered.');
    } finally {
      await fake.close();
    }
  });
});
