import { createHash, createSign } from 'node:crypto';
import { parseServiceAccount, type TDialogflowServiceAccount } from '@prosa/contracts';
import {
  BotCallError,
  normalizeKeyword,
  type TBotClient,
  type TBotConverseInput,
  type TBotReply,
} from './bot-client.js';
import { assertOk, callBot, parseJson, trimBase } from './bot-http.js';

type TInput = TBotConverseInput<'dialogflow'>;

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
/** A token is renewed this long before Google's expiry, so a call never goes out with one about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

const base64Url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The JWT bearer grant's assertion: RS256, signed with the service account's private key, valid one hour. */
export const signServiceAccountJwt = (account: TDialogflowServiceAccount, tokenUrl: string, now: Date) => {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64Url(
    JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) }),
  );
  const claims = base64Url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUrl, iat, exp: iat + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${base64Url(signer.sign(account.private_key))}`;
};

type TToken = { accessToken: string; expiresAt: number };

type TDetectResult = {
  fulfillmentText?: unknown;
  fulfillmentMessages?: unknown;
  intent?: { displayName?: unknown; endInteraction?: unknown };
  diagnosticInfo?: { end_conversation?: unknown };
};

/** The agent's messages: its text and image messages for any platform, else `fulfillmentText`. */
const toReplies = (result: TDetectResult): TBotReply[] => {
  const replies: TBotReply[] = [];
  const messages = Array.isArray(result.fulfillmentMessages) ? result.fulfillmentMessages : [];
  for (const message of messages as {
    platform?: unknown;
    text?: { text?: unknown };
    image?: { imageUri?: unknown };
  }[]) {
    if (message?.platform !== undefined && message.platform !== 'PLATFORM_UNSPECIFIED') continue;
    if (Array.isArray(message?.text?.text)) {
      const text = message.text.text.filter((line): line is string => typeof line === 'string').join('\n');
      if (text.trim() !== '') replies.push({ kind: 'text', text });
    } else if (typeof message?.image?.imageUri === 'string') {
      replies.push({ kind: 'media', url: message.image.imageUri });
    }
  }
  if (replies.length === 0 && typeof result.fulfillmentText === 'string' && result.fulfillmentText.trim() !== '')
    replies.push({ kind: 'text', text: result.fulfillmentText });
  return replies;
};

/**
 * A Dialogflow ES client with its own token cache: one access token per service account (its email, private key and
 * token endpoint), fetched with the JWT bearer grant and reused until a minute before it expires (or until
 * Dialogflow refuses it, then fetched once more).
 */
export const createDialogflowClient = (): TBotClient<'dialogflow'> => {
  const tokens = new Map<string, TToken>();

  const fetchToken = async (input: TInput, account: TDialogflowServiceAccount, now: Date) => {
    const tokenUrl = account.token_uri ?? GOOGLE_TOKEN_URL;
    const answer = await callBot('dialogflow', input, tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signServiceAccountJwt(account, tokenUrl, now),
      }).toString(),
    });
    assertOk('dialogflow', answer);
    const body = (parseJson(answer.text) ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string')
      throw new BotCallError('dialogflow', 'O Google respondeu sem o token de acesso', answer.status);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { accessToken: body.access_token, expiresAt: now.getTime() + seconds * 1000 - EXPIRY_MARGIN_MS };
  };

  const getToken = async (input: TInput, account: TDialogflowServiceAccount, now: Date, renew: boolean) => {
    // NOTE: keyed by the private key itself, not only the account's email: a tenant who types another's email
    // must not get the token that tenant's key earned.
    const key = createHash('sha256')
      .update(`${account.client_email}\n${account.token_uri ?? ''}\n${account.private_key}`)
      .digest('hex');
    const cached = tokens.get(key);
    if (cached && !renew && cached.expiresAt > now.getTime()) return cached.accessToken;
    tokens.delete(key);
    const token = await fetchToken(input, account, now);
    tokens.set(key, token);
    return token.accessToken;
  };

  const detectIntent = async (input: TInput, accessToken: string, sessionId: string) => {
    const { settings } = input;
    const path = `/v2/projects/${encodeURIComponent(settings.projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
    return callBot('dialogflow', input, `${trimBase(settings.apiUrl)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ queryInput: { text: { text: input.text, languageCode: settings.language } } }),
    });
  };

  return {
    provider: 'dialogflow',
    converse: async (input) => {
      const now = input.now ?? new Date();
      const account = input.settings.serviceAccountJson ? parseServiceAccount(input.settings.serviceAccountJson) : null;
      if (!account) throw new BotCallError('dialogflow', 'Dialogflow sem conta de serviço válida configurada');
      const sessionId = `ticket-${input.ticketId}`;
      let answer = await detectIntent(input, await getToken(input, account, now, false), sessionId);
      if (answer.status === 401)
        answer = await detectIntent(input, await getToken(input, account, now, true), sessionId);
      assertOk('dialogflow', answer);
      const result = ((parseJson(answer.text) ?? {}) as { queryResult?: TDetectResult }).queryResult ?? {};
      const intentName = typeof result.intent?.displayName === 'string' ? result.intent.displayName : '';
      const ended =
        result.intent?.endInteraction === true ||
        result.diagnosticInfo?.end_conversation === true ||
        (intentName !== '' && normalizeKeyword(intentName) === normalizeKeyword(input.settings.exitKeyword));
      return {
        replies: toReplies(result),
        session: ended ? null : (input.session ?? { id: sessionId, startedAt: now.toISOString() }),
        ended,
      };
    },
  };
};

/** The shared Dialogflow client (one token cache for the process). */
export const dialogflowClient = createDialogflowClient();
