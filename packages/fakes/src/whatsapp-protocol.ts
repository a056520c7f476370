import { randomBytes } from 'node:crypto';

// What WhatsApp itself makes, the same behind every gateway the fakes play (Evolution, Z-API, wuzapi): pairing
// codes, QR payloads, message ids, media URLs, timestamps. How a gateway wraps them stays in its *-protocol.ts.

/** A pairing code as WhatsApp shows them: 8 characters of its alphabet (no 0, O, I or U). */
export const pairingCode = () =>
  Array.from(randomBytes(8), (byte) => '123456789ABCDEFGHJKLMNPQRSTVWXYZ'[byte % 32]).join('');

/** A QR payload shaped like WhatsApp Web's (Baileys' and whatsmeow's): `ref,noiseKey,identityKey,advSecret`. */
export const qrPayload = () =>
  [`2@${randomBytes(36).toString('base64')}`, ...[0, 1, 2].map(() => randomBytes(32).toString('base64'))].join(',');

/** Message ids as a linked device (Baileys, whatsmeow) makes them for its sends. */
export const linkedDeviceMessageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
/** Message ids as a customer's phone makes them. */
export const phoneMessageId = () => `3A${randomBytes(9).toString('hex').toUpperCase()}`;

/** Where WhatsApp keeps a message's encrypted file (the gateways pass the URL on). */
export const whatsappMediaUrl = () => `https://mmg.whatsapp.net/${randomBytes(8).toString('hex')}.enc`;

/** WhatsApp's timestamps: seconds since the epoch. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A file a customer sends on WhatsApp, as tests give it to a gateway fake's phone. */
export type TWhatsappCustomerMedia = {
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  bytes: Buffer;
  mimetype: string;
  fileName?: string;
  caption?: string;
  /** A voice note (audio recorded in WhatsApp). */
  ptt?: boolean;
};

/**
 * A customer's text as the gateway fakes' `POST /_fake/inbound` takes it (`{ number, name, text, id? }`), for the
 * phone's `message`.
 */
export const controlCustomerText = (input: Record<string, unknown>) => ({
  number: String(input.number ?? ''),
  pushName: String(input.name ?? ''),
  text: String(input.text ?? ''),
  ...(typeof input.id === 'string' ? { id: input.id } : {}),
});

/**
 * Chats whose next send WhatsApp refuses (a test's control: a send that fails at WhatsApp, not at the gateway).
 * Each refusal is used once: the send after it goes.
 */
export const createSendRefusals = () => {
  const chats = new Set<string>();
  return {
    refuseNext: (chat: string) => {
      chats.add(chat);
    },
    /** Whether WhatsApp refuses this send to `chat` (the refusal is then used up). */
    refuses: (chat: string) => chats.delete(chat),
  };
};
