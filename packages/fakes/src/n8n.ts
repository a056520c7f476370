import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, json, readBody, startFakeServer } from './fake-http.js';

/** The demo workflow's webhook path and header auth (type them in Prosa's n8n screen). */
export const demoN8n = {
  path: 'prosa-atendimento',
  authHeaderName: 'X-Prosa-Key',
  authHeaderValue: 'demo-n8n-key-123',
};

/**
 * What the workflow answers, as a "Respond to Webhook" node would: a JSON body (`{ reply }`, `{ output }` as
 * the AI Agent node gives, an array of messages...), plain text, or an error status.
 */
export type TN8nAnswer =
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'text'; body: string; status?: number }
  | { kind: 'status'; status: number; body?: string };
export type TN8nRequest = {
  method: string;
  path: string;
  test: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
};

const send = (res: ServerResponse, answer: TN8nAnswer) => {
  switch (answer.kind) {
    case 'json':
      return json(res, answer.status ?? 200, answer.body);
    case 'text':
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(answer.body);
    case 'status':
      return json(res, answer.status, { message: answer.body ?? 'Error in workflow' });
    default: {
      const never: never = answer;
      return never;
    }
  }
};

/**
 * A fake n8n on loopback with Webhook nodes at `POST /webhook/{path}` (production) and `/webhook-test/{path}`
 * (the editor's test URL): an unknown path is n8n's 404 ("not registered"); with `auth` set, the header must be
 * there (401 "Authorization is required!") and right (403 "Authorization data is wrong!"). What the workflow
 * answers is `respond` (default: `{ reply: "Recebido: <message>" }`), or the queued `answerNext` ones first.
 */
export const startFakeN8n = async (options: {
  paths?: string[];
  auth?: { name: string; value: string };
  port?: number;
}) => {
  const paths = new Set(options.paths ?? [demoN8n.path]);
  const requests: TN8nRequest[] = [];
  const queued: TN8nAnswer[] = [];

  const fake = {
    /** The workflow: what it answers to a call's body when nothing is queued. */
    respond: (body: unknown): TN8nAnswer => {
      const message = (body as { message?: unknown } | null)?.message;
      return { kind: 'json', body: { reply: `Recebido: ${typeof message === 'string' ? message : ''}` } };
    },
  };

  const webhook = (req: IncomingMessage, res: ServerResponse, path: string, body: unknown) => {
    if (!paths.has(path))
      return json(res, 404, {
        code: 404,
        message: `The requested webhook "${req.method} ${path}" is not registered.`,
        hint: "The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor. Note that unlike test URL calls, production URL calls aren't shown on the canvas (only in the executions list)",
      });
    if (options.auth) {
      const value = req.headers[options.auth.name.toLowerCase()];
      if (value === undefined) return json(res, 401, { code: 401, message: 'Authorization is required!' });
      if (value !== options.auth.value) return json(res, 403, { code: 403, message: 'Authorization data is wrong!' });
    }
    return send(res, queued.shift() ?? fake.respond(body));
  };

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => json(res, 500, { code: 500, message: String(error) }),
    handle: async (req, res, url) => {
      const raw = (await readBody(req)).toString('utf8');
      let body: unknown = raw;
      if ((req.headers['content-type'] ?? '').includes('json') && raw !== '') {
        try {
          body = JSON.parse(raw);
        } catch {
          return json(res, 400, { code: 400, message: 'Failed to parse request body' });
        }
      }
      if (url.pathname.startsWith('/_fake/'))
        return answerControl(req, res, url, { get: { requests: () => requests } });
      const match = /^\/(webhook|webhook-test)\/(.+)$/.exec(url.pathname);
      if (!match || req.method !== 'POST') return json(res, 404, { code: 404, message: 'Not Found' });
      res.on('finish', () =>
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          test: match[1] === 'webhook-test',
          headers: req.headers,
          body,
          status: res.statusCode,
        }),
      );
      return webhook(req, res, decodeURIComponent(match[2] as string), body);
    },
  });

  return Object.assign(fake, {
    baseUrl: server.baseUrl,
    /** The production URL of a webhook path (what Prosa's n8n screen takes). */
    webhookUrl: (path: string = [...paths][0] ?? demoN8n.path) => `${server.baseUrl}/webhook/${path}`,
    testWebhookUrl: (path: string = [...paths][0] ?? demoN8n.path) => `${server.baseUrl}/webhook-test/${path}`,
    /** Every call to a webhook, oldest first (also the refused ones), recorded once answered. */
    requests,
    /** The next calls answer these, in order, before `respond` is asked again. */
    answerNext: (...answers: TN8nAnswer[]) => {
      queued.push(...answers);
    },
    close: server.close,
  });
};

export type TFakeN8n = Awaited<ReturnType<typeof startFakeN8n>>;
