import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUazapiControl } from './uazapi-control.js';
import { createUazapiRoutes } from './uazapi-instances.js';
import type { TUazapiEnvelopeKind } from './uazapi-payloads.js';
import { createUazapiPhone } from './uazapi-phone.js';
import { readBody, uazapiError } from './uazapi-protocol.js';
import { createUazapiWorld } from './uazapi-world.js';
import { newGroup } from './whatsapp-groups.js';

export {
  type TUazapiEnvelopeKind,
  uazapiDataEnvelope,
  uazapiEnvelope,
} from './uazapi-payloads.js';
export {
  demoUazapi,
  type TUazapiAckState,
  type TUazapiCustomerMessage,
  type TUazapiDelivery,
  type TUazapiRequest,
  type TUazapiSent,
} from './uazapi-protocol.js';

/**
 * A fake uazapiGO v2 server on loopback, speaking its documented protocol: the `admintoken` header for
 * `/instance/init`, each instance's own `token` header for everything else, `/instance/connect|status|disconnect`,
 * `DELETE /instance`, `/webhook` (simple mode, `excludeMessages` honoured), `/send/text|media`,
 * `/message/markread|presence|download|delete`, `/call/reject`, the group routes (uazapi-groups.ts) and uazapi's
 * error body (`{ error }`).
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (`connection` connected), `phone.message`
 * is a customer writing (`messages`), `phone.ack` the ticks (`messages_update`), `phone.drop` a session that
 * ends (`connection` disconnected), `phone.newQr` a rotated QR, `phone.groupChange` members joining or leaving a
 * group (`groups`; `addGroup` puts a group in WhatsApp first). Each is posted as uazapi does, one event per
 * request, in the envelope chosen (`envelope`, or `useEnvelope` later): uazapiGO's flat
 * `{ EventType, instanceName, owner, token, BaseUrl, ... }` by default, or the documented `{ event, instance, data }`.
 * Control paths for other processes: see uazapi-control.ts.
 */
export const startFakeUazapi = async (options: {
  adminToken: string;
  port?: number;
  envelope?: TUazapiEnvelopeKind;
}) => {
  const world = createUazapiWorld(options);
  const route = createUazapiRoutes(world);
  const phone = createUazapiPhone(world);
  const control = createUazapiControl(world, phone);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      let body: unknown = null;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return uazapiError(res, 400, 'Invalid payload');
        }
      }
      if (url.pathname.startsWith('/_fake/')) return control(req, res, url, body);
      return route(req, res, url, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) uazapiError(res, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  world.settings.baseUrl = baseUrl;

  return {
    /** The server's URL, as an admin types it in the connection form. */
    baseUrl,
    adminToken: options.adminToken,
    requests: world.requests,
    deliveries: world.deliveries,
    phone,
    sent: world.sent,
    /** Posts the next events in the other envelope (uazapi servers post one or the other). */
    useEnvelope: (envelope: TUazapiEnvelopeKind) => {
      world.settings.envelope = envelope;
    },
    /** The newest instance of that name as the server keeps it (status, token, webhook, QR), or undefined. */
    instance: (name: string) => [...world.instances.values()].findLast((item) => item.name === name),
    instances: () => [...world.instances.values()],
    /** A group in WhatsApp, with its members (our number among them as the test says). */
    addGroup: (group: Parameters<typeof newGroup>[0]) => world.groups.set(group.id, newGroup(group)),
    /** A group as WhatsApp holds it now. */
    group: (jid: string) => world.groups.get(jid),
    /** Messages deleted for everyone (`/message/delete`), oldest first. */
    revoked: (instanceName?: string) => world.revoked.filter((item) => !instanceName || item.instance === instanceName),
    /** The markread calls' ids, oldest first. */
    readReceipts: () =>
      world.requests.filter((r) => r.path === '/message/markread').flatMap((r) => (r.body as { id: string[] }).id),
    /** The calls our server refused (`POST /call/reject`), oldest first. */
    rejectedCalls: () =>
      world.requests.filter((r) => r.path === '/call/reject').map((r) => r.body as { number: string; id: string }),
    /** The presence calls, oldest first. */
    presences: () =>
      world.requests
        .filter((r) => r.path === '/message/presence')
        .map((r) => r.body as { number: string; presence: string }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TFakeUazapi = Awaited<ReturnType<typeof startFakeUazapi>>;
