import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The HTTP plumbing every protocol fake shares: a loopback server, JSON bodies in and out, and the `/_fake/...`
// control paths. What a provider answers (its paths, its error bodies) stays in its own fake.

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** A file the fake serves (a customer's media on the provider's storage), with its length for size checks. */
export const sendBytes = (res: ServerResponse, bytes: Buffer, contentType: string) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
  res.end(bytes);
};

export const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A link as the providers take one (http or https, no spaces). */
export const isUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

type TAnswer = Promise<unknown> | unknown;

/**
 * Starts a fake on loopback (`port` 0: any free one). `handle` answers each request; when it throws, `onError`
 * answers with the provider's own error body, unless an answer had begun (a fake must not take the test
 * process down).
 */
export const startFakeServer = async (options: {
  port?: number;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => TAnswer;
  onError: (res: ServerResponse, error: unknown) => void;
}) => {
  const server = createServer((req, res) => {
    void (async () => options.handle(req, res, new URL(req.url ?? '/', 'http://fake')))().catch((error: unknown) => {
      if (!res.headersSent) options.onError(res, error);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * `startFakeServer` for a JSON API: each request's body is parsed before `handle` sees it (null when empty); one
 * that is not JSON gets `onInvalidJson`, the provider's own words for it.
 */
export const startJsonFakeServer = (options: {
  port?: number;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => TAnswer;
  onInvalidJson: (res: ServerResponse) => void;
  onError: (res: ServerResponse, error: unknown) => void;
}) =>
  startFakeServer({
    port: options.port,
    onError: options.onError,
    handle: async (req, res, url) => {
      const raw = await readBody(req);
      let body: unknown = null;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return options.onInvalidJson(res);
        }
      }
      return options.handle(req, res, url, body);
    },
  });

/** The control actions of a fake, by name: each returns (or resolves to) what the path answers. */
type TControlActions = Record<string, () => TAnswer>;

/**
 * Answers a `/_fake/<action>` path, the unauthenticated side door tests in another process and the demo mode
 * drive a fake through: `get` actions read its state, `post` actions play the other side (a phone, a customer).
 * The action's result is the 200 JSON answer; any other method or action is a 404.
 */
export const answerControl = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  actions: { get?: TControlActions; post?: TControlActions },
) => {
  const action = url.pathname.slice('/_fake/'.length);
  const table = req.method === 'GET' ? actions.get : req.method === 'POST' ? actions.post : undefined;
  const run = table && Object.hasOwn(table, action) ? table[action] : undefined;
  if (!run) return json(res, 404, { error: 'unknown control path' });
  return json(res, 200, await run());
};
