import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { goField, supportedEventTypes, type TWuzapiUser, wuzapiError, wuzapiOk } from './wuzapi-protocol.js';
import type { TWuzapiState } from './wuzapi-state.js';

/** The admin routes under `/admin/users` (header `Authorization: <admin token>`): list, create, delete users. */
export const answerAdmin = async (
  state: TWuzapiState,
  req: IncomingMessage,
  res: ServerResponse,
  parts: string[],
  body: unknown,
) => {
  const { users } = state;
  if (req.headers.authorization !== state.adminToken) return wuzapiError(res, 401, 'unauthorized');
  if (req.method === 'GET' && parts.length === 2)
    return wuzapiOk(
      res,
      [...users.values()].map((u) => ({
        id: u.id,
        name: u.name,
        token: u.token,
        webhook: u.webhook,
        jid: u.jid ?? '',
        qrcode: u.qr,
        connected: u.client?.connected === true,
        expiration: 0,
        events: u.events.join(','),
      })),
    );
  if (req.method === 'POST' && parts.length === 2) {
    const name = goField(body, 'name');
    const token = goField(body, 'token');
    const events = String(goField(body, 'events') ?? '');
    if (typeof name !== 'string' || !name || typeof token !== 'string' || !token)
      return wuzapiError(res, 400, 'missing name or token in payload');
    if (users.has(token)) return wuzapiError(res, 409, 'User with the same token already exists');
    const list = events ? events.split(',').map((e) => e.trim()) : [];
    const invalid = list.find((e) => !supportedEventTypes.includes(e));
    if (invalid) return wuzapiError(res, 400, `invalid event type: ${invalid}`);
    const user: TWuzapiUser = {
      id: randomBytes(16).toString('hex'),
      name,
      token,
      webhook: String(goField(body, 'webhook') ?? ''),
      events: list,
      hmacKey: null,
      client: null,
      loggedIn: false,
      jid: null,
      qr: '',
    };
    users.set(token, user);
    return wuzapiOk(res, { id: user.id, name, token, webhook: user.webhook, events });
  }
  if (req.method === 'DELETE' && parts.length === 3) {
    const user = [...users.values()].find((u) => u.id === parts[2]);
    if (!user) return wuzapiError(res, 404, 'user not found');
    users.delete(user.token);
    return wuzapiOk(res, { Details: 'User deleted successfully' });
  }
  return wuzapiError(res, 405, 'method not allowed');
};
