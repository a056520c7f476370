import QRCode from 'qrcode';
import { createQrPosts } from './fake-webhooks.js';
import type { TUazapiEnvelopeKind } from './uazapi-payloads.js';
import {
  publicInstance,
  qrPayload,
  type TUazapiInstance,
  type TUazapiRequest,
  type TUazapiRevoked,
  type TUazapiSent,
} from './uazapi-protocol.js';
import { createUazapiEmitter } from './uazapi-webhook-emitter.js';
import type { TWhatsAppGroup } from './whatsapp-groups.js';

/**
 * What one fake uazapi server holds: its instances, the calls it took, what it sent, WhatsApp's groups and the
 * messages deleted in them, and how it posts webhooks.
 */
export const createUazapiWorld = (options: { adminToken: string; envelope?: TUazapiEnvelopeKind }) => {
  const instances = new Map<string, TUazapiInstance>();
  const requests: TUazapiRequest[] = [];
  const outbox: TUazapiSent[] = [];
  /** The groups WhatsApp holds, by JID (every instance sees those its number is in). */
  const groups = new Map<string, TWhatsAppGroup>();
  const revoked: TUazapiRevoked[] = [];
  const qrPosts = createQrPosts();
  const settings = { baseUrl: '', envelope: options.envelope ?? ('flat' as TUazapiEnvelopeKind) };
  const { emit, deliveries } = createUazapiEmitter({
    baseUrl: () => settings.baseUrl,
    envelope: () => settings.envelope,
  });

  return {
    adminToken: options.adminToken,
    instances,
    requests,
    outbox,
    groups,
    revoked,
    deliveries,
    qrPosts,
    settings,
    emit,
    /** The newest instance of that name, or the newest of all. */
    instanceNamed: (name: string | undefined) => {
      const all = [...instances.values()];
      const instance = name ? all.findLast((item) => item.name === name) : all.at(-1);
      if (!instance) throw new Error(`no instance ${name ?? '(none created yet)'}`);
      return instance;
    },
    /** A new QR for an instance that is pairing, posted as a `connection` event with status connecting. */
    rotateQr: async (instance: TUazapiInstance) => {
      instance.qrcode = await QRCode.toDataURL(qrPayload(), { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
      instance.status = 'connecting';
      qrPosts.track(instance, emit(instance, 'connection', { instance: publicInstance(instance) }));
      return instance.qrcode;
    },
    stateOf: (instance: TUazapiInstance) => {
      const connected = instance.status === 'connected';
      const jid = connected ? { user: instance.owner, agent: 0, device: 0, server: 's.whatsapp.net' } : null;
      return { connected, loggedIn: connected, jid };
    },
    /** What our server sent that the server took (text, media), oldest first. */
    sent: (instanceName?: string | null) => outbox.filter((item) => !instanceName || item.instance === instanceName),
  };
};

export type TUazapiWorld = ReturnType<typeof createUazapiWorld>;
