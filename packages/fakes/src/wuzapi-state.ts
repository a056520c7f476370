import QRCode from 'qrcode';
import { createQrPosts, postWebhook } from './fake-webhooks.js';
import type { TWhatsAppGroup } from './whatsapp-groups.js';
import { qrPayload } from './whatsapp-protocol.js';
import {
  goFormEncode,
  hmacHex,
  type TWuzapiDelivery,
  type TWuzapiRequest,
  type TWuzapiSentMessage,
  type TWuzapiUser,
  type TWuzapiWebhookStyle,
} from './wuzapi-protocol.js';

/** What the fake wuzapi server keeps: its users, what it was asked, posted and sent, and customers' files. */
export type TWuzapiState = {
  adminToken: string;
  /** By token. */
  users: Map<string, TWuzapiUser>;
  requests: TWuzapiRequest[];
  deliveries: TWuzapiDelivery[];
  outbox: TWuzapiSentMessage[];
  /** The files customers sent, by their WhatsApp link, for `/chat/download<kind>`. */
  files: Map<string, { bytes: Buffer; mimetype: string; mediaKey: string }>;
  /** The groups WhatsApp holds, by JID (every user sees those its number is in). */
  groups: Map<string, TWhatsAppGroup>;
  /** How webhooks are posted; tests switch it to play another release. */
  webhookStyle: TWuzapiWebhookStyle;
  qrPosts: ReturnType<typeof createQrPosts>;
};

export const createWuzapiState = (adminToken: string, webhook?: Partial<TWuzapiWebhookStyle>): TWuzapiState => ({
  adminToken,
  users: new Map(),
  requests: [],
  deliveries: [],
  outbox: [],
  files: new Map(),
  groups: new Map(),
  webhookStyle: { format: 'form', sendsToken: true, ...webhook },
  qrPosts: createQrPosts(),
});

/** The user with that token, or the newest one when no token is given. */
export const userWith = (state: TWuzapiState, token: string | undefined) => {
  const user = token ? state.users.get(token) : [...state.users.values()].at(-1);
  if (!user) throw new Error(`no wuzapi user ${token ? 'with that token' : '(none created yet)'}`);
  return user;
};

/** Posts one event as wuzapi does, if the user subscribed to its type; the answer is kept for assertions. */
export const emitEvent = async (
  state: TWuzapiState,
  user: TWuzapiUser,
  postmap: Record<string, unknown>,
): Promise<TWuzapiDelivery | null> => {
  const type = String(postmap.type);
  if (!user.webhook || !(user.events.includes(type) || user.events.includes('All'))) return null;
  const jsonData = JSON.stringify(postmap);
  const { webhookStyle } = state;
  const form = webhookStyle.format === 'form';
  const body = form
    ? goFormEncode({
        jsonData,
        instanceName: user.name,
        ...(webhookStyle.sendsToken ? { token: user.token } : { userID: user.id }),
      })
    : JSON.stringify({ ...postmap, instanceName: user.name, userID: user.id });
  const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const answer = await postWebhook(user.webhook, body, {
    'content-type': contentType,
    ...(user.hmacKey ? { 'x-hmac-signature': hmacHex(user.hmacKey, body) } : {}),
  });
  const delivery: TWuzapiDelivery = { url: user.webhook, type, ...answer, contentType };
  state.deliveries.push(delivery);
  return delivery;
};

/** A new QR for a client that is not paired (whatsmeow rotates it; wuzapi renders it as a PNG data URL). */
export const rotateQr = async (state: TWuzapiState, user: TWuzapiUser) => {
  user.qr = await QRCode.toDataURL(qrPayload(), { margin: 3, scale: 4 });
  state.qrPosts.track(user, emitEvent(state, user, { type: 'QR', event: 'code', qrCodeBase64: user.qr }));
  return user.qr;
};
