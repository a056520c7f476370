import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TUazapiPhone } from './uazapi-phone.js';
import { json, type TUazapiAckState } from './uazapi-protocol.js';
import type { TUazapiWorld } from './uazapi-world.js';

/**
 * The fake's unauthenticated control paths, for tests in another process and for the demo mode:
 * `GET /_fake/instances`, `GET /_fake/sent`, and `POST /_fake/scan`, `/_fake/inbound` (`{ number, name, text }`),
 * `/_fake/ack` (`{ id, state }`), `/_fake/drop` (`{ reason }`), `/_fake/qrcode`, each with an optional
 * `instance` (its name; else the newest one).
 */
export const createUazapiControl =
  (world: TUazapiWorld, phone: TUazapiPhone) =>
  async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const name = typeof input.instance === 'string' ? input.instance : undefined;
    const action = url.pathname.slice('/_fake/'.length);
    if (req.method === 'GET' && action === 'instances')
      return json(
        res,
        200,
        [...world.instances.values()].map((item) => ({
          name: item.name,
          status: item.status,
          webhookUrl: item.webhook?.url ?? null,
          number: item.owner || null,
        })),
      );
    if (req.method === 'GET' && action === 'sent') return json(res, 200, world.sent(url.searchParams.get('instance')));
    if (req.method !== 'POST') return json(res, 404, { error: 'unknown control path' });
    switch (action) {
      case 'scan':
        return json(res, 200, await phone.scan(name));
      case 'qrcode':
        return json(res, 200, { qrcode: await phone.newQr(name) });
      case 'inbound': {
        const message = {
          number: String(input.number ?? ''),
          name: String(input.name ?? ''),
          text: String(input.text ?? ''),
          ...(typeof input.id === 'string' ? { id: input.id } : {}),
        };
        return json(res, 200, await phone.message(message, name));
      }
      case 'ack': {
        const state = (input.state ?? 'Delivered') as TUazapiAckState;
        return json(res, 200, await phone.ack({ id: String(input.id), state }, name));
      }
      case 'drop':
        return json(res, 200, await phone.drop(typeof input.reason === 'string' ? input.reason : undefined, name));
      default:
        return json(res, 404, { error: 'unknown control path' });
    }
  };
