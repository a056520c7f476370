import QRCode from 'qrcode';
import type {
  TEvolutionDelivery,
  TEvolutionGroup,
  TEvolutionRequest,
  TEvolutionSent,
  TInstance,
} from './evolution-protocol.js';
import { createQrPosts, postJsonWebhook } from './fake-webhooks.js';
import { createSendRefusals, qrPayload } from './whatsapp-protocol.js';

/** What the fake gateway keeps: its instances, what it was asked, what it posted and sent, and WhatsApp's groups. */
export type TEvolutionState = {
  apiKey: string;
  /** The gateway's own URL (known once it listens), posted in every webhook envelope. */
  baseUrl: string;
  instances: Map<string, TInstance>;
  requests: TEvolutionRequest[];
  deliveries: TEvolutionDelivery[];
  outbox: TEvolutionSent[];
  /** Messages deleted for everyone through `/chat/deleteMessageForEveryone`, oldest first. */
  revoked: { instance: string; key: { id: string; remoteJid: string; fromMe: boolean; participant?: string } }[];
  /** The groups WhatsApp holds, by JID (every instance sees those its number is in). */
  groups: Map<string, TEvolutionGroup>;
  qrPosts: ReturnType<typeof createQrPosts>;
  /** Chats (JIDs) whose next send WhatsApp refuses. */
  refusals: ReturnType<typeof createSendRefusals>;
};

export const createEvolutionState = (apiKey: string): TEvolutionState => ({
  apiKey,
  baseUrl: '',
  instances: new Map(),
  requests: [],
  deliveries: [],
  outbox: [],
  revoked: [],
  groups: new Map(),
  qrPosts: createQrPosts(),
  refusals: createSendRefusals(),
});

/** The instance of that name, or the newest one when no name is given. */
export const instanceNamed = (state: TEvolutionState, name: string | undefined) => {
  const instance = name ? state.instances.get(name) : [...state.instances.values()].at(-1);
  if (!instance) throw new Error(`no instance ${name ?? '(none created yet)'}`);
  return instance;
};

/** Posts one event as Evolution does; the answer is kept (and returned) for assertions. */
export const emitEvent = async (
  state: TEvolutionState,
  instance: TInstance,
  event: string,
  data: unknown,
): Promise<TEvolutionDelivery | null> => {
  const webhook = instance.webhook;
  const upper = event.replace(/[.-]/g, '_').toUpperCase();
  if (!webhook?.enabled || !webhook.events.includes(upper)) return null;
  const url = webhook.byEvents ? `${webhook.url}/${upper.replace(/_/g, '-').toLowerCase()}` : webhook.url;
  const envelope = {
    event,
    instance: instance.name,
    data,
    destination: webhook.url,
    date_time: new Date().toISOString(),
    sender: instance.wuid ?? undefined,
    server_url: state.baseUrl,
    apikey: instance.hash,
  };
  const delivery = { url, event, ...(await postJsonWebhook(url, envelope, webhook.headers)) };
  state.deliveries.push(delivery);
  return delivery;
};

/** A new QR for an instance that is pairing (Baileys rotates it; Evolution renders it as a PNG data URL). */
export const rotateQr = async (state: TEvolutionState, instance: TInstance) => {
  const code = qrPayload();
  const base64 = await QRCode.toDataURL(code, { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
  instance.qr = { code, base64, count: (instance.qr?.count ?? 0) + 1 };
  instance.state = 'connecting';
  state.qrPosts.track(
    instance,
    emitEvent(state, instance, 'qrcode.updated', {
      qrcode: { instance: instance.name, pairingCode: null, code, base64 },
    }),
  );
  return { pairingCode: null, code, base64, count: instance.qr.count };
};

export const qrOf = (instance: TInstance) => ({
  pairingCode: null,
  code: instance.qr?.code,
  base64: instance.qr?.base64,
  count: instance.qr?.count ?? 0,
});
