import { createHash } from 'node:crypto';
import type { TStorage } from '../../platform/storage.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import type { TAddress, TOutboundMessage } from '../types.js';
import type { TWuzapiClient } from './wuzapi-api.js';

/** The `Phone` wuzapi writes to: a number's digits, or a LID or a group as its JID. */
export const wuzapiPhone = (to: TAddress) =>
  to.kind === 'lid' ? `${to.value}@lid` : to.kind === 'group' ? `${to.value}@g.us` : to.value.replace(/\D/g, '');
export const wuzapiJid = (to: TAddress) =>
  to.kind === 'phone' ? `${wuzapiPhone(to)}@s.whatsapp.net` : wuzapiPhone(to);

/**
 * The message id we ask wuzapi to send with (its `Id`), the same for every attempt of one message and shaped
 * like whatsmeow's own (`3EB0` + 18 hex digits): a retried send reuses it, so phones show one message.
 */
export const wuzapiMessageId = (idempotencyKey: string) =>
  `3EB0${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 18).toUpperCase()}`;

/** The file of a message as a data URL, which is how wuzapi takes files. */
const dataUrlOf = async (storage: TStorage, mediaUrl: string) => {
  const file = await readOutboundFile(storage, mediaUrl);
  const mime = file.meta?.mime ?? 'application/octet-stream';
  return { mime, name: file.meta?.name ?? null, url: `data:${mime};base64,${file.bytes.toString('base64')}` };
};

/**
 * One message through wuzapi's `/chat/send/<kind>`. Group members the text mentions (their JIDs) go as
 * whatsmeow's `ContextInfo.MentionedJID`; a reply quotes the customer's message (wuzapi wants its author).
 */
export const sendWuzapiMessage = async (storage: TStorage, client: TWuzapiClient, message: TOutboundMessage) => {
  const Id = wuzapiMessageId(message.idempotencyKey);
  const quote = message.quotedExternalId
    ? { StanzaID: message.quotedExternalId, Participant: wuzapiJid(message.to) }
    : {};
  const mentions = message.mentions?.length ? { MentionedJID: message.mentions } : {};
  const context =
    message.quotedExternalId || message.mentions?.length ? { ContextInfo: { ...quote, ...mentions } } : {};
  const base = { Phone: wuzapiPhone(message.to), Id, ...context };
  if (!message.mediaUrl?.startsWith('/media/')) return client.sendText({ ...base, Body: message.body });
  const file = await dataUrlOf(storage, message.mediaUrl);
  const caption = message.body ? { Caption: message.body } : {};
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return client.sendMedia('image', { ...base, Image: file.url, ...caption });
    case 'video':
      return client.sendMedia('video', { ...base, Video: file.url, ...caption });
    case 'ptt':
    case 'audio':
      return client.sendMedia('audio', { ...base, Audio: file.url, PTT: message.mediaType === 'ptt' });
    default:
      return client.sendMedia('document', {
        ...base,
        Document: file.url,
        FileName: message.mediaName ?? file.name ?? 'arquivo',
        MimeType: file.mime,
        ...caption,
      });
  }
};
