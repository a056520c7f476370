import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';

/** One connection a client made through the proxy: how, to where, and as whom (null: no login given). */
export type TProxiedConnection = { protocol: 'http' | 'socks5'; target: string; username: string | null };

type TLogin = { username: string; password: string };

const tunnel = (client: Socket, host: string, port: number, head: Buffer, onOpen: () => void) => {
  const upstream = connect({ host, port }, () => {
    onOpen();
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
  return upstream;
};

/**
 * A forward proxy on loopback, as the proxies tenants buy for their numbers: HTTP (`CONNECT host:port` tunnels
 * and absolute-URI requests, `Proxy-Authorization: Basic`, 407 without a valid login) and SOCKS5 (RFC 1928
 * CONNECT, with RFC 1929 username/password when a login is required). Every connection it carried is kept in
 * `connections`, for tests to see that traffic really went through it.
 */
export const startFakeProxy = async (options: { login?: TLogin; httpPort?: number; socksPort?: number } = {}) => {
  const connections: TProxiedConnection[] = [];
  const { login } = options;

  const basicUser = (req: IncomingMessage) => {
    const header = req.headers['proxy-authorization'];
    const [scheme, encoded] = typeof header === 'string' ? header.split(' ') : [];
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return null;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  };
  const allowed = (given: TLogin | null) =>
    !login || (given?.username === login.username && given.password === login.password);

  /** Tunnels left open by clients (keep-alive sockets): closed with the fake. */
  const open = new Set<Socket>();
  const track = (client: Socket) => {
    open.add(client);
    client.on('close', () => open.delete(client));
  };

  const http = createHttpServer((req, res) => {
    const given = basicUser(req);
    if (!allowed(given)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="proxy"' });
      return res.end();
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400);
      return res.end();
    }
    connections.push({ protocol: 'http', target: target.host, username: given?.username ?? null });
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  http.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    const given = basicUser(req);
    if (!allowed(given)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="proxy"\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    connections.push({ protocol: 'http', target: req.url ?? '', username: given?.username ?? null });
    const upstream = tunnel(client, host ?? '', Number(port), head, () =>
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n'),
    );
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });

  const socks = createTcpServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' | 'open' = 'greeting';
    let username: string | null = null;
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2 || buffer.length < 2 + (buffer[1] ?? 0)) return;
        const methods = [...buffer.subarray(2, 2 + (buffer[1] ?? 0))];
        buffer = buffer.subarray(2 + (buffer[1] ?? 0));
        const wanted = login ? 0x02 : 0x00;
        if (!methods.includes(wanted)) return client.end(Buffer.from([0x05, 0xff]));
        client.write(Buffer.from([0x05, wanted]));
        stage = login ? 'auth' : 'request';
      }
      if (stage === 'auth') {
        const userLength = buffer[1];
        if (userLength === undefined || buffer.length < 3 + userLength) return;
        const passLength = buffer[2 + userLength];
        if (passLength === undefined || buffer.length < 3 + userLength + passLength) return;
        const given = {
          username: buffer.subarray(2, 2 + userLength).toString('utf8'),
          password: buffer.subarray(3 + userLength, 3 + userLength + passLength).toString('utf8'),
        };
        buffer = buffer.subarray(3 + userLength + passLength);
        if (!allowed(given)) return client.end(Buffer.from([0x01, 0x01]));
        username = given.username;
        client.write(Buffer.from([0x01, 0x00]));
        stage = 'request';
      }
      if (stage === 'request') {
        if (buffer.length < 5) return;
        const kind = buffer[3];
        const hostLength = kind === 0x01 ? 4 : kind === 0x04 ? 16 : (buffer[4] ?? 0) + 1;
        if (buffer.length < 4 + hostLength + 2) return;
        const raw = buffer.subarray(4, 4 + hostLength);
        const host =
          kind === 0x01 ? [...raw].join('.') : kind === 0x03 ? raw.subarray(1).toString('utf8') : raw.toString('hex');
        const port = buffer.readUInt16BE(4 + hostLength);
        const head = buffer.subarray(4 + hostLength + 2);
        stage = 'open';
        client.off('data', onData);
        connections.push({ protocol: 'socks5', target: `${host}:${port}`, username });
        const reply = (status: number) => Buffer.from([0x05, status, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
        const upstream = tunnel(client, host, port, head, () => client.write(reply(0x00)));
        upstream.on('error', () => client.end(reply(0x05)));
      }
    };
    client.on('data', onData);
  });

  const listen = (server: ReturnType<typeof createTcpServer>, port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const httpPort = await listen(http as unknown as ReturnType<typeof createTcpServer>, options.httpPort);
  const socksPort = await listen(socks, options.socksPort);
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    socksUrl: `socks5://127.0.0.1:${socksPort}`,
    connections,
    close: async () => {
      http.closeAllConnections();
      for (const client of open) client.destroy();
      await Promise.all([http, socks].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
};

export type TFakeProxy = Awaited<ReturnType<typeof startFakeProxy>>;
