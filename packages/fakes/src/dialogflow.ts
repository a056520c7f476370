import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, json, readBody, startFakeServer } from './fake-http.js';

/** An intent of the fake agent: matched when the text contains one of its training phrases. */
export type TDialogflowIntent = {
  displayName: string;
  phrases: string[];
  /** One text message, or several (each its own fulfillment message). */
  reply: string | string[];
  /** An image card after the text. */
  imageUri?: string;
  /** The intent's "end of conversation" toggle. */
  endInteraction?: boolean;
};
export type TDialogflowRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  status: number;
};

const SCOPES = ['https://www.googleapis.com/auth/cloud-platform', 'https://www.googleapis.com/auth/dialogflow'];
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const fromBase64Url = (part: string) => Buffer.from(part, 'base64url');

/** The demo agent's intents (a greeting, opening hours, a goodbye that ends the conversation). */
export const demoDialogflowIntents: TDialogflowIntent[] = [
  { displayName: 'Boas-vindas', phrases: ['oi', 'ola', 'bom dia', 'boa tarde'], reply: 'Olá! Em que posso ajudar?' },
  {
    displayName: 'Horário',
    phrases: ['horario', 'que horas', 'aberto'],
    reply: ['Atendemos de segunda a sexta.', 'Das 8h às 18h.'],
  },
  { displayName: 'Despedida', phrases: ['tchau', 'obrigado'], reply: 'Até logo!', endInteraction: true },
];

/**
 * A fake Google for Dialogflow ES on loopback. `POST /token` is Google's OAuth token endpoint for the JWT bearer
 * grant (form or JSON body): the `assertion` must be an RS256 JWT signed with the key of a service account the
 * fake handed out (`serviceAccount(projectId)`: its JSON names this endpoint as `token_uri`), with `iss` its
 * email, `aud` the token endpoint, a Dialogflow scope and an `exp` at most an hour after `iat` and not past;
 * it answers `{ access_token, expires_in: 3600, token_type: 'Bearer' }`, or Google's `{ error,
 * error_description }` (400). `POST /v2/projects/{p}/agent/sessions/{s}:detectIntent` needs one of those tokens
 * for that project (401 / 403 in Google's error shape) and matches `intents` by their phrases, the fallback
 * intent otherwise.
 */
export const startFakeDialogflow = async (options: { port?: number; intents?: TDialogflowIntent[] } = {}) => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const privateKeyId = randomBytes(20).toString('hex');
  const accounts = new Map<string, string>();
  const tokens = new Map<string, { projectId: string; expiresAt: number }>();
  const requests: TDialogflowRequest[] = [];
  const sessions = new Map<string, { projectId: string; queries: string[] }>();
  let baseUrl = '';

  const fake = {
    intents: options.intents ?? demoDialogflowIntents,
    fallbackReply: 'Desculpe, não entendi. Pode repetir?',
    /** The fake's clock for token expiry (tests move it). */
    now: () => Date.now(),
  };

  const tokenError = (res: ServerResponse, error: string, description: string) =>
    json(res, 400, { error, error_description: description });

  const token = (res: ServerResponse, form: Record<string, string>) => {
    if (form.grant_type !== JWT_BEARER)
      return tokenError(res, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
    const [header = '', payload = '', signature = ''] = (form.assertion ?? '').split('.');
    let claims: Record<string, unknown>;
    let alg: unknown;
    try {
      alg = JSON.parse(fromBase64Url(header).toString('utf8')).alg;
      claims = JSON.parse(fromBase64Url(payload).toString('utf8'));
    } catch {
      return tokenError(
        res,
        'invalid_request',
        'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe',
      );
    }
    if (alg !== 'RS256') return tokenError(res, 'invalid_grant', 'Invalid JWT Signature.');
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${payload}`);
    if (!verifier.verify(publicKey, fromBase64Url(signature)))
      return tokenError(res, 'invalid_grant', 'Invalid JWT Signature.');
    const projectId = typeof claims.iss === 'string' ? accounts.get(claims.iss) : undefined;
    if (!projectId) return tokenError(res, 'invalid_grant', 'Invalid grant: account not found');
    if (claims.aud !== `${baseUrl}/token` && claims.aud !== 'https://oauth2.googleapis.com/token')
      return tokenError(res, 'invalid_grant', 'Invalid JWT: Failed audience check.');
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.some((scope) => SCOPES.includes(scope)))
      return tokenError(res, 'invalid_scope', 'Invalid OAuth scope.');
    const now = Math.floor(fake.now() / 1000);
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= now || exp - iat > 3600 || iat > now + 300)
      return tokenError(
        res,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, { projectId, expiresAt: fake.now() + 3600_000 });
    return json(res, 200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
  };

  const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
    json(res, code, { error: { code, message, status } });

  const detectIntent = (
    req: IncomingMessage,
    res: ServerResponse,
    projectId: string,
    sessionId: string,
    body: unknown,
  ) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? tokens.get(bearer) : undefined;
    if (!grant || grant.expiresAt <= fake.now())
      return googleError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    if (grant.projectId !== projectId)
      return googleError(
        res,
        403,
        'PERMISSION_DENIED',
        `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${projectId}/agent' denied.`,
      );
    const queryInput = (body as { queryInput?: { text?: { text?: unknown; languageCode?: unknown } } } | null)
      ?.queryInput;
    const text = queryInput?.text?.text;
    const languageCode = queryInput?.text?.languageCode;
    if (typeof text !== 'string' || text === '' || typeof languageCode !== 'string')
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid query input: text and language code are required.');
    const key = `${projectId}/${sessionId}`;
    const session = sessions.get(key) ?? { projectId, queries: [] };
    session.queries.push(text);
    sessions.set(key, session);
    const said = ` ${normalize(text)} `;
    const intent = fake.intents.find((i) => i.phrases.some((phrase) => said.includes(` ${normalize(phrase)} `)));
    const replies = intent ? (Array.isArray(intent.reply) ? intent.reply : [intent.reply]) : [fake.fallbackReply];
    const ends = intent?.endInteraction === true;
    return json(res, 200, {
      responseId: randomUUID(),
      queryResult: {
        queryText: text,
        languageCode: languageCode.toLowerCase(),
        parameters: {},
        allRequiredParamsPresent: true,
        fulfillmentText: replies.join('\n'),
        fulfillmentMessages: [
          ...replies.map((reply) => ({ text: { text: [reply] } })),
          ...(intent?.imageUri ? [{ image: { imageUri: intent.imageUri } }] : []),
        ],
        intent: {
          name: `projects/${projectId}/agent/intents/${randomUUID()}`,
          displayName: intent?.displayName ?? 'Default Fallback Intent',
          ...(intent ? {} : { isFallback: true }),
          ...(ends ? { endInteraction: true } : {}),
        },
        intentDetectionConfidence: intent ? 1 : 0.5,
        ...(ends ? { diagnosticInfo: { end_conversation: true } } : {}),
      },
    });
  };

  const parseBody = (req: IncomingMessage, raw: Buffer): unknown => {
    const text = raw.toString('utf8');
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    return text === '' ? null : JSON.parse(text);
  };

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => googleError(res, 500, 'INTERNAL', String(error)),
    handle: async (req, res, url) => {
      let body: unknown;
      try {
        body = parseBody(req, await readBody(req));
      } catch {
        return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
      }
      if (url.pathname.startsWith('/_fake/'))
        return answerControl(req, res, url, {
          get: {
            requests: () => requests,
            sessions: () => [...sessions].map(([id, s]) => ({ id, ...s })),
          },
        });
      res.on('finish', () =>
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization ?? null,
          body,
          status: res.statusCode,
        }),
      );
      if (req.method === 'POST' && url.pathname === '/token') return token(res, (body ?? {}) as Record<string, string>);
      const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(url.pathname);
      if (req.method === 'POST' && detect)
        return detectIntent(
          req,
          res,
          decodeURIComponent(detect[1] as string),
          decodeURIComponent(detect[2] as string),
          body,
        );
      return googleError(res, 404, 'NOT_FOUND', `The requested URL ${url.pathname} was not found on this server.`);
    },
  });
  baseUrl = server.baseUrl;

  return Object.assign(fake, {
    baseUrl,
    /** What Prosa's Dialogflow screen takes as the API address (the default is Google's). */
    apiUrl: baseUrl,
    tokenUrl: `${baseUrl}/token`,
    /** Every call, oldest first (also the refused ones), recorded once answered. */
    requests,
    /**
     * A service account key file for `projectId`, as Google's console downloads it: its private key is the one
     * the fake checks signatures with, and its `token_uri` this fake's token endpoint.
     */
    serviceAccount: (projectId: string) => {
      const clientEmail = `prosa-bot@${projectId}.iam.gserviceaccount.com`;
      accounts.set(clientEmail, projectId);
      return {
        type: 'service_account',
        project_id: projectId,
        private_key_id: privateKeyId,
        private_key: privateKeyPem,
        client_email: clientEmail,
        client_id: String(100_000_000_000_000_000_000n + BigInt(accounts.size)),
        auth_uri: 'https://accounts.google.com/o/oauth2/auth',
        token_uri: `${baseUrl}/token`,
        auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
        client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
        universe_domain: 'googleapis.com',
      };
    },
    /** Revokes every access token handed out (the next call with one is a 401). */
    revokeTokens: () => tokens.clear(),
    close: server.close,
  });
};

export type TFakeDialogflow = Awaited<ReturnType<typeof startFakeDialogflow>>;
