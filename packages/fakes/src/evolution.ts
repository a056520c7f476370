import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerGroupRoute } from './evolution-groups.js';
import { connectInstance, createInstance, deleteInstance, logoutInstance } from './evolution-instances.js';
import { deleteForEveryone, markMessagesRead, mediaBase64, sendFromInstance } from './evolution-messages.js';
import { createEvolutionPhone } from './evolution-phone.js';
import { evolutionError, type TEvolutionAck, type TEvolutionGroup } from './evolution-protocol.js';
import { setProxy, setSettings, setWebhook } from './evolution-settings.js';
import { createEvolutionState } from './evolution-state.js';
import { answerControl, json, startJsonFakeServer } from './fake-http.js';
import { newGroup } from './whatsapp-groups.js';
import { controlCustomerText } from './whatsapp-protocol.js';

export {
  customerMessageData,
  demoEvolution,
  evolutionEnvelope,
  type TCustomerMessage,
  type TEvolutionAck,
  type TEvolutionDelivery,
  type TEvolutionGroup,
  type TEvolutionGroupMember,
  type TEvolutionRequest,
  type TEvolutionSent,
  type TEvolutionWebhook,
} from './evolution-protocol.js';

/**
 * A fake Evolution API v2 gateway (EvolutionAPI/evolution-api, the Baileys-based REST server) on loopback,
 * speaking its documented protocol: the `apikey` header (the global key, or an instance's own token), the
 * instance routes (`/instance/create`, `connect`, `connectionState`, `logout`, `delete`), `/webhook/set`,
 * `/proxy/set` and `/proxy/find` (a proxy that accepts no connection is refused as "Invalid proxy"), the
 * send routes (`/message/sendText|sendMedia|sendWhatsAppAudio|sendReaction`), `/chat/markMessageAsRead` and
 * `/chat/getBase64FromMediaMessage`, `/chat/deleteMessageForEveryone`, `/settings/set|find`, the group routes
 * (`/group/create|updateGroupSubject|updateGroupDescription|updateParticipant|updateSetting`, `findGroupInfos`,
 * `fetchAllGroups`, `participants`: see evolution-groups.ts), Evolution's error body (`{ status, error, response: { message } }`) and
 * its guards' order (an unknown instance is a 404 before the key is looked at).
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (`connection.update` open), `phone.message`
 * is a customer writing (`messages.upsert`, text or media), `phone.ack` the ticks (`messages.update`),
 * `phone.drop` a session that ends (`connection.update` close), `phone.newQr` a rotated QR
 * (`qrcode.updated`), `phone.groupChange` members joining or leaving a group (`group-participants.update`;
 * `addGroup` puts a group in WhatsApp first). Group events reach the webhook only while the instance's
 * `groupsIgnore` setting is off, as on Evolution. Each is posted as Evolution does: the envelope `{ event, instance, data, destination,
 * date_time, sender, server_url, apikey }` to the webhook URL the server registered, with the headers it
 * registered.
 */

/**
 * Starts the fake. Besides Evolution's paths it answers unauthenticated control paths, for tests in another
 * process and for the demo mode: `GET /_fake/instances`, `GET /_fake/sent`, and `POST /_fake/scan`,
 * `/_fake/inbound` (`{ number, name, text }`), `/_fake/ack` (`{ id, status }`), `/_fake/drop`
 * (`{ statusReason }`), `/_fake/qrcode`, each with an optional `instance` (else the newest one).
 */
export const startFakeEvolution = async (options: { apiKey: string; port?: number }) => {
  const state = createEvolutionState(options.apiKey);
  const { instances, requests, deliveries, outbox } = state;

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [group, action, name] = parts;
    const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      instance: name ?? null,
      query: Object.fromEntries(url.searchParams),
      body,
      apikey,
    });
    const input = (body ?? {}) as Record<string, unknown>;

    // Evolution's guards, in its order: the instance must exist, a create must not reuse a name, then the key.
    const isCreate = group === 'instance' && action === 'create';
    if (!isCreate && !name) return evolutionError(res, 400, ['"instanceName" not provided.']);
    const instance = name ? instances.get(name) : undefined;
    if (!isCreate && !instance) return evolutionError(res, 404, [`The "${name}" instance does not exist`]);
    if (isCreate && typeof input.instanceName === 'string' && instances.has(input.instanceName))
      return evolutionError(res, 403, [`This name "${input.instanceName}" is already in use.`]);
    if (!apikey) return evolutionError(res, 401, 'Unauthorized');
    if (apikey !== options.apiKey && apikey !== instance?.hash) return evolutionError(res, 401, 'Unauthorized');

    if (isCreate && req.method === 'POST') return createInstance(state, input, res);
    if (!instance) return evolutionError(res, 404, [`The "${name}" instance does not exist`]);

    const key = `${req.method} ${group}/${action}`;
    switch (key) {
      case 'GET instance/connect':
        return connectInstance(state, instance, url, res);
      case 'GET instance/connectionState':
        return json(res, 200, { instance: { instanceName: name, state: instance.state } });
      case 'DELETE instance/logout':
        return logoutInstance(state, instance, res);
      case 'DELETE instance/delete':
        return deleteInstance(state, instance, res);
      case 'POST webhook/set':
        return setWebhook(instance, input, res);
      case 'POST proxy/set':
        return setProxy(instance, input, res);
      case 'GET proxy/find':
        return json(res, 200, instance.proxy);
      case 'POST settings/set':
        return setSettings(instance, input, res);
      case 'GET settings/find':
        return json(res, 200, instance.settings);
      case 'POST message/sendText':
      case 'POST message/sendMedia':
      case 'POST message/sendWhatsAppAudio':
      case 'POST message/sendReaction':
        return sendFromInstance(state, instance, action ?? '', input, res);
      case 'POST chat/markMessageAsRead':
        return markMessagesRead(instance, input, res);
      case 'POST chat/getBase64FromMediaMessage':
        return mediaBase64(instance, input, res);
      case 'DELETE chat/deleteMessageForEveryone':
        return deleteForEveryone(state, instance, input, res);
      default:
        if (group === 'group')
          return answerGroupRoute(
            state,
            instance,
            { method: req.method ?? 'GET', action: action ?? '', url, input },
            res,
          );
        return evolutionError(res, 404, [`Cannot ${req.method} ${url.pathname}`]);
    }
  };

  const phone = createEvolutionPhone(state);

  const control = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const name = typeof input.instance === 'string' ? input.instance : undefined;
    return answerControl(req, res, url, {
      get: {
        instances: () =>
          [...instances.values()].map((instance) => ({
            name: instance.name,
            state: instance.state,
            webhookUrl: instance.webhook?.url ?? null,
            number: instance.wuid?.split('@')[0] ?? null,
          })),
        sent: () => sent(url.searchParams.get('instance')),
      },
      post: {
        scan: () => phone.scan(name),
        qrcode: () => phone.newQr(name),
        inbound: () => phone.message(controlCustomerText(input), name),
        ack: () => phone.ack({ id: String(input.id), status: input.status as TEvolutionAck }, name),
        drop: () => phone.drop(Number(input.statusReason ?? 401), name),
      },
    });
  };

  /** What our server sent that the gateway took (text, media, voice notes, reactions), oldest first. */
  const sent = (instanceName?: string | null) =>
    outbox.filter((item) => !instanceName || item.instance === instanceName);

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => evolutionError(res, 400, ['Unexpected token in JSON']),
    onError: (res, error) => evolutionError(res, 500, String(error)),
    handle: (req, res, url, body) =>
      url.pathname.startsWith('/_fake/') ? control(req, res, url, body) : route(req, res, url, body),
  });
  state.baseUrl = server.baseUrl;

  return {
    /** The gateway's URL, as an admin types it in the connection form. */
    baseUrl: state.baseUrl,
    apiKey: options.apiKey,
    requests,
    deliveries,
    phone,
    sent,
    /** An instance as the gateway keeps it (state, webhook, QR), or undefined. */
    instance: (name: string) => instances.get(name),
    instances: () => [...instances.values()],
    /** A group in WhatsApp, with its members (our number among them as the test says). */
    addGroup: (group: Omit<TEvolutionGroup, 'creation' | 'owner' | 'restrict'> & Partial<TEvolutionGroup>) =>
      state.groups.set(group.id, newGroup(group)),
    /** A group as WhatsApp holds it now. */
    group: (jid: string) => state.groups.get(jid),
    /** WhatsApp refuses the next send to this chat (a JID); the gateway answers it as a failed send. */
    refuseNextSend: state.refusals.refuseNext,
    /** Messages deleted for everyone through the gateway, oldest first. */
    revoked: (instanceName?: string | null) =>
      state.revoked.filter((item) => !instanceName || item.instance === instanceName).map((item) => item.key),
    /** The markMessageAsRead calls, oldest first. */
    readReceipts: () =>
      requests
        .filter((r) => r.path.startsWith('/chat/markMessageAsRead/'))
        .map((r) => r.body as { readMessages: { remoteJid: string; fromMe: boolean; id: string }[] }),
    close: server.close,
  };
};

export type TFakeEvolution = Awaited<ReturnType<typeof startFakeEvolution>>;
