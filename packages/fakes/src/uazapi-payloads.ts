import { randomBytes } from 'node:crypto';
import { phoneMessageId, type TUazapiCustomerMessage, type TUazapiStoredMessage } from './uazapi-protocol.js';

// What uazapi posts to a webhook: the message a phone sends, and the two envelopes a delivery comes in.

const pascal: Record<string, string> = {
  image: 'ImageMessage',
  video: 'VideoMessage',
  audio: 'AudioMessage',
  document: 'DocumentMessage',
  sticker: 'StickerMessage',
};

/**
 * The `message` and `chat` of a `messages` webhook for a message typed on a phone, as uazapi posts them
 * (content is whatsmeow's, with its encrypted URL only), and what the server keeps of it for downloads.
 */
export const customerMessagePayload = (input: TUazapiCustomerMessage, owner: string) => {
  const phoneJid = `${input.number}@s.whatsapp.net`;
  const lidJid = input.lid ? `${input.lid}@lid` : '';
  const chatid = input.groupId ?? (input.hidePhone && lidJid ? lidJid : phoneJid);
  const messageid = input.id ?? phoneMessageId();
  const contextInfo = { expiration: 0 };
  let messageType = input.text && input.quotedId ? 'ExtendedTextMessage' : 'Conversation';
  let content: Record<string, unknown> = { text: input.text ?? '', contextInfo };
  let mediaType = '';
  let type = 'text';
  let text = input.text ?? '';
  let stored: TUazapiStoredMessage['media'] = null;
  if (input.reaction) {
    messageType = 'ReactionMessage';
    type = 'reaction';
    text = input.reaction.emoji;
    content = {
      key: { remoteJID: phoneJid, fromMe: true, ID: input.reaction.messageId },
      text: input.reaction.emoji,
      senderTimestampMS: Date.now(),
    };
  } else if (input.media) {
    const { kind, bytes, mimetype, fileName, caption, ptt } = input.media;
    messageType = pascal[kind] ?? 'DocumentMessage';
    type = 'media';
    mediaType = kind === 'audio' && ptt ? 'ptt' : kind;
    text = caption ?? '';
    stored = { bytes, mimetype };
    content = {
      URL: `https://mmg.whatsapp.net/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc`,
      mimetype,
      fileSHA256: randomBytes(32).toString('base64'),
      fileLength: bytes.length,
      mediaKey: randomBytes(32).toString('base64'),
      ...(caption ? { caption } : {}),
      ...(fileName ? { fileName } : {}),
      ...(kind === 'audio' ? { seconds: 3, PTT: ptt === true } : {}),
      contextInfo,
    };
  }
  const message = {
    buttonOrListid: '',
    chatid,
    content,
    convertOptions: '',
    edited: '',
    fromMe: input.fromMe === true,
    groupName: input.groupId ? 'Grupo' : 'Unknown',
    id: `${owner}:${messageid}`,
    isGroup: Boolean(input.groupId),
    mediaType,
    messageTimestamp: Date.now(),
    messageType,
    messageid,
    owner,
    quoted: input.quotedId ?? '',
    reaction: input.reaction?.messageId ?? '',
    sender: lidJid || phoneJid,
    senderName: input.fromMe ? 'Você' : input.name,
    sender_lid: lidJid,
    sender_pn: input.hidePhone ? '' : phoneJid,
    source: 'android',
    status: '',
    text,
    track_id: '',
    track_source: '',
    type,
    vote: '',
    wasSentByApi: false,
  };
  const chat = {
    id: `r${randomBytes(7).toString('hex')}`,
    name: input.name,
    owner,
    phone: input.hidePhone ? '' : `+${input.number}`,
    wa_chatid: chatid,
    wa_chatlid: lidJid,
    wa_isGroup: Boolean(input.groupId),
    wa_lastMessageType: messageType,
    wa_lastMsgTimestamp: message.messageTimestamp,
    wa_name: input.name,
    wa_unreadCount: 1,
  };
  return { message, chat, stored: { chatid, fromMe: message.fromMe, sender: message.sender, media: stored } };
};

/** uazapi's webhook envelope, for tests that post a delivery themselves (another token, twice, forged...). */
export const uazapiEnvelope = (
  eventType: string,
  instance: { name: string; token: string; owner?: string },
  fields: Record<string, unknown>,
) => ({
  BaseUrl: 'http://127.0.0.1',
  EventType: eventType,
  instanceName: instance.name,
  owner: instance.owner ?? '',
  token: instance.token,
  ...fields,
});

/**
 * The two envelopes uazapi posts a delivery in: `flat` is uazapiGO v2's (`{ EventType, instanceName, owner,
 * token, BaseUrl, ...fields }`); `data` is the one its OpenAPI documents as `WebhookEvent` (`{ event, instance,
 * data }`, plus `owner` and `token`): the event named `message`, `status` or `connection`, the instance by its id.
 */
export type TUazapiEnvelopeKind = 'flat' | 'data';

const dataEventNames: Record<string, string> = { messages: 'message', messages_update: 'status' };

/** One event's payload in the `data` envelope: the message itself, the receipt, or the instance. */
const dataOf = (eventType: string, fields: Record<string, unknown>) => {
  if (eventType === 'messages') return fields.message;
  if (eventType !== 'connection') return fields;
  const { instance, ...rest } = fields;
  return { ...(instance as Record<string, unknown>), ...rest };
};

/** uazapi's `{ event, instance, data }` envelope, for the fake and for tests that post a delivery themselves. */
export const uazapiDataEnvelope = (
  eventType: string,
  instance: { id: string; token: string; owner?: string },
  fields: Record<string, unknown>,
) => ({
  event: dataEventNames[eventType] ?? eventType,
  instance: instance.id,
  data: dataOf(eventType, fields),
  owner: instance.owner ?? '',
  token: instance.token,
});
