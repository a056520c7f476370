import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createUazapiGroups } from './uazapi-groups.js';
import {
  isUrl,
  json,
  pairCode,
  publicInstance,
  type TUazapiInstance,
  uazapiError,
  uazapiEvents,
} from './uazapi-protocol.js';
import { createUazapiMessaging } from './uazapi-send.js';
import type { TUazapiWorld } from './uazapi-world.js';

/**
 * uazapi's own paths: `/instance/init` with the `admintoken` header; everything else with an instance's `token`
 * header (`/instance/connect|status|disconnect`, `DELETE /instance`, `/webhook`, then sends, message actions and
 * the group routes of uazapi-groups.ts).
 */
export const createUazapiRoutes = (world: TUazapiWorld) => {
  const messaging = createUazapiMessaging(world);
  const groups = createUazapiGroups(world);

  const init = (res: ServerResponse, admintoken: string | undefined, input: Record<string, unknown>) => {
    if (admintoken !== world.adminToken) return uazapiError(res, 401, 'Invalid AdminToken Header');
    if (typeof input.name !== 'string' || !input.name.trim()) return uazapiError(res, 400, 'Missing name');
    const created: TUazapiInstance = {
      id: `r${randomBytes(7).toString('hex')}`,
      name: input.name,
      token: randomUUID(),
      status: 'disconnected',
      qrcode: '',
      paircode: '',
      owner: '',
      profileName: '',
      lastDisconnect: '',
      lastDisconnectReason: '',
      webhook: null,
      messages: new Map(),
    };
    world.instances.set(created.token, created);
    return json(res, 200, {
      response: 'Instance created successfully',
      instance: publicInstance(created),
      connected: false,
      loggedIn: false,
      name: created.name,
      token: created.token,
      info: 'This instance will be automatically disconnected and deleted after 1 hour.',
    });
  };

  const connect = async (res: ServerResponse, instance: TUazapiInstance, input: Record<string, unknown>) => {
    if (instance.status === 'connected')
      return json(res, 200, { ...world.stateOf(instance), instance: publicInstance(instance) });
    const phone = typeof input.phone === 'string' ? input.phone : '';
    if (phone && !/^\d{10,15}$/.test(phone)) return uazapiError(res, 400, 'Invalid phone number');
    instance.paircode = phone ? pairCode() : '';
    await world.rotateQr(instance);
    return json(res, 200, { ...world.stateOf(instance), instance: publicInstance(instance) });
  };

  const disconnect = (res: ServerResponse, instance: TUazapiInstance) => {
    instance.status = 'disconnected';
    instance.qrcode = '';
    instance.paircode = '';
    instance.lastDisconnect = new Date().toISOString();
    instance.lastDisconnectReason = 'manual disconnect';
    json(res, 200, {
      instance: publicInstance(instance),
      response: 'Disconnected',
      info: 'The device has been successfully disconnected from WhatsApp. A new QR code will be required for the next connection.',
    });
    void world.emit(instance, 'connection', { instance: publicInstance(instance) });
  };

  const setWebhook = (res: ServerResponse, instance: TUazapiInstance, input: Record<string, unknown>) => {
    if (typeof input.url !== 'string' || !isUrl(input.url)) return uazapiError(res, 400, 'Invalid url');
    const events = Array.isArray(input.events) ? input.events.map(String) : [];
    if (events.some((event) => !uazapiEvents.includes(event))) return uazapiError(res, 400, 'Invalid event');
    instance.webhook = {
      enabled: input.enabled !== false,
      url: input.url,
      events,
      excludeMessages: Array.isArray(input.excludeMessages) ? input.excludeMessages.map(String) : [],
      addUrlEvents: input.addUrlEvents === true,
    };
    return json(res, 200, [{ id: instance.id, instance_id: instance.id, ...instance.webhook }]);
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const header = (name: string) =>
      typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
    const token = header('token');
    const admintoken = header('admintoken');
    world.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, token, admintoken });
    const input = (body ?? {}) as Record<string, unknown>;
    const key = `${req.method} ${url.pathname}`;
    if (key === 'POST /instance/init') return init(res, admintoken, input);

    const instance = token ? world.instances.get(token) : undefined;
    if (!instance) return uazapiError(res, 401, 'Invalid token');
    switch (key) {
      case 'GET /instance/status':
        return json(res, 200, { instance: publicInstance(instance), status: world.stateOf(instance) });
      case 'POST /instance/connect':
        return connect(res, instance, input);
      case 'POST /instance/disconnect':
        return disconnect(res, instance);
      case 'DELETE /instance':
        world.instances.delete(instance.token);
        return json(res, 200, {
          response: 'Instance Deleted',
          info: 'O dispositivo foi desconectado com sucesso e a instância foi removida do banco de dados.',
        });
      case 'GET /webhook':
        return json(res, 200, instance.webhook ? [{ id: instance.id, ...instance.webhook }] : []);
      case 'POST /webhook':
        return setWebhook(res, instance, input);
      default:
        if (!messaging(key, res, instance, input) && !groups(key, res, instance, input))
          uazapiError(res, 404, 'Not Found');
    }
  };
};
