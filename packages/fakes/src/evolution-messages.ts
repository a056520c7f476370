import type { ServerResponse } from 'node:http';
import {
  evolutionError,
  isBase64,
  jidOf,
  mediaTypes,
  type TInstance,
  type TStoredMessage,
} from './evolution-protocol.js';
import type { TEvolutionState } from './evolution-state.js';
import { isUrl, json } from './fake-http.js';
import { linkedDeviceMessageId, nowSeconds, whatsappMediaUrl } from './whatsapp-protocol.js';

// The fake Evolution gateway's message routes: sends (text, media, voice notes, reactions), read receipts
// and a stored file's bytes.

/** What a send answers: the message as Evolution stores it (prepareMessage), status PENDING. */
const recordSent = (
  instance: TInstance,
  jid: string,
  messageType: string,
  message: Record<string, unknown>,
  media: TStoredMessage['media'] = null,
) => {
  const key = { remoteJid: jid, fromMe: true, id: linkedDeviceMessageId() };
  instance.messages.set(key.id, { key, message, messageType, media });
  return {
    key,
    pushName: 'Você',
    status: 'PENDING',
    message,
    contextInfo: (message[messageType] as { contextInfo?: unknown } | undefined)?.contextInfo ?? null,
    messageType,
    messageTimestamp: nowSeconds(),
    instanceId: instance.instanceId,
    source: 'unknown',
  };
};

const quotedContext = (instance: TInstance, quoted: unknown) => {
  const id = (quoted as { key?: { id?: unknown } } | undefined)?.key?.id;
  if (typeof id !== 'string') return undefined;
  const original = instance.messages.get(id);
  return {
    stanzaId: id,
    participant: original?.key.fromMe ? (instance.wuid ?? undefined) : original?.key.remoteJid,
    quotedMessage: original?.message ?? (quoted as { message?: unknown }).message ?? { conversation: '' },
  };
};

const isOurs = (instance: TInstance, member: { id: string; phoneNumber?: string }) =>
  member.id === instance.wuid || member.phoneNumber === instance.wuid;

export type TSendBody = Record<string, unknown> & { number?: unknown; quoted?: unknown };

/** The send routes of one open instance; a closed session or a number not on WhatsApp fails as Evolution does. */
export const sendFromInstance = (
  state: TEvolutionState,
  instance: TInstance,
  action: string,
  body: TSendBody,
  res: ServerResponse,
) => {
  const accepted = (raw: ReturnType<typeof recordSent>) => {
    state.outbox.push({ action, instance: instance.name, body, id: raw.key.id, at: Date.now() });
    return json(res, 201, raw);
  };
  if (action === 'sendReaction') {
    const key = body.key as { remoteJid?: unknown; id?: unknown } | undefined;
    if (typeof key?.id !== 'string' || typeof key.remoteJid !== 'string' || typeof body.reaction !== 'string')
      return evolutionError(res, 400, ['key and reaction are required']);
    if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
    return accepted(
      recordSent(instance, key.remoteJid, 'reactionMessage', {
        reactionMessage: { key: body.key, text: body.reaction },
      }),
    );
  }
  const jid = typeof body.number === 'string' ? jidOf(body.number) : null;
  if (typeof body.number !== 'string' || !body.number) return evolutionError(res, 400, ['number is required']);
  if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
  if (!jid)
    return evolutionError(res, 400, [{ exists: false, jid: `${body.number}@s.whatsapp.net`, number: body.number }]);
  // A group's metadata is read before sending to it (a group our number is not in is not found).
  if (jid.endsWith('@g.us') && !state.groups.get(jid)?.participants.some((member) => isOurs(instance, member)))
    return evolutionError(res, 404, ['Group not found']);
  // WhatsApp refused it: Evolution's send catches Baileys' error and answers it as a 400 (BadRequestException).
  if (state.refusals.refuses(jid)) return evolutionError(res, 400, ['Error: not-acceptable']);
  const contextInfo = quotedContext(instance, body.quoted);
  if (action === 'sendText') {
    if (typeof body.text !== 'string' || !body.text) return evolutionError(res, 400, ['text is required']);
    const message = contextInfo
      ? { extendedTextMessage: { text: body.text, contextInfo } }
      : { conversation: body.text };
    return accepted(recordSent(instance, jid, contextInfo ? 'extendedTextMessage' : 'conversation', message));
  }
  if (action === 'sendMedia') {
    const mediatype = mediaTypes.find((type) => type === body.mediatype);
    const media = typeof body.media === 'string' ? body.media : '';
    if (!mediatype) return evolutionError(res, 400, ['mediatype must be one of image, video, audio, document, ptv']);
    if (!isBase64(media) && !isUrl(media)) return evolutionError(res, 400, ['Owned media must be a url or base64']);
    const bytes = isBase64(media) ? Buffer.from(media, 'base64') : Buffer.alloc(0);
    const mimetype = typeof body.mimetype === 'string' ? body.mimetype : 'application/octet-stream';
    const fileName = typeof body.fileName === 'string' ? body.fileName : null;
    const caption = typeof body.caption === 'string' ? body.caption : null;
    const type = `${mediatype}Message`;
    const content = {
      url: whatsappMediaUrl(),
      mimetype,
      fileLength: String(bytes.length),
      ...(caption ? { caption } : {}),
      ...(mediatype === 'document' ? { fileName: fileName ?? 'arquivo', title: fileName ?? 'arquivo' } : {}),
      ...(contextInfo ? { contextInfo } : {}),
    };
    return accepted(recordSent(instance, jid, type, { [type]: content }, { bytes, mimetype, fileName, caption }));
  }
  if (action === 'sendWhatsAppAudio') {
    const audio = typeof body.audio === 'string' ? body.audio : '';
    if (!isBase64(audio) && !isUrl(audio)) return evolutionError(res, 400, ['Owned media must be a url or base64']);
    const bytes = isBase64(audio) ? Buffer.from(audio, 'base64') : Buffer.alloc(0);
    // Evolution converts every voice note to ogg/opus before sending it as a recorded one (ptt).
    const content = {
      url: whatsappMediaUrl(),
      mimetype: 'audio/ogg; codecs=opus',
      fileLength: String(bytes.length),
      seconds: 1,
      ptt: true,
      ...(contextInfo ? { contextInfo } : {}),
    };
    return accepted(
      recordSent(
        instance,
        jid,
        'audioMessage',
        { audioMessage: content },
        {
          bytes,
          mimetype: content.mimetype,
          fileName: null,
          caption: null,
        },
      ),
    );
  }
  return evolutionError(res, 404, [`Cannot POST /message/${action}/${instance.name}`]);
};

/** POST /chat/markMessageAsRead: read receipts for message keys, on an open session. */
export const markMessagesRead = (instance: TInstance, input: Record<string, unknown>, res: ServerResponse) => {
  const read = input.readMessages;
  if (!Array.isArray(read) || read.some((item) => typeof (item as { id?: unknown })?.id !== 'string'))
    return evolutionError(res, 400, ['readMessages must be an array of message keys']);
  if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
  return json(res, 201, { message: 'Read messages', read: 'success' });
};

/** POST /chat/getBase64FromMediaMessage: the bytes of a file the gateway keeps. */
export const mediaBase64 = (instance: TInstance, input: Record<string, unknown>, res: ServerResponse) => {
  const id = (input.message as { key?: { id?: unknown } } | undefined)?.key?.id;
  const stored = typeof id === 'string' ? instance.messages.get(id) : undefined;
  if (!stored?.media) return evolutionError(res, 400, ['Message not found']);
  const content = stored.message[stored.messageType] as Record<string, unknown>;
  return json(res, 201, {
    mediaType: stored.messageType,
    fileName: stored.media.fileName,
    caption: stored.media.caption,
    size: { fileLength: { low: stored.media.bytes.length, high: 0, unsigned: true }, height: 0, width: 0 },
    mimetype: stored.media.mimetype ?? content?.mimetype,
    base64: stored.media.bytes.toString('base64'),
    buffer: null,
  });
};

/** DELETE /chat/deleteMessageForEveryone: a message revoked (Baileys' `delete` send); answers the revoke sent. */
export const deleteForEveryone = (
  state: TEvolutionState,
  instance: TInstance,
  input: Record<string, unknown>,
  res: ServerResponse,
) => {
  const { id, remoteJid, fromMe, participant } = input;
  if (typeof id !== 'string' || !id || typeof remoteJid !== 'string' || !remoteJid || typeof fromMe !== 'boolean')
    return evolutionError(res, 400, ['instance requires property "id"']);
  if (instance.state !== 'open')
    return evolutionError(res, 500, ['Error while deleting message for everyone', 'Error: Connection Closed']);
  const key = { id, remoteJid, fromMe, ...(typeof participant === 'string' ? { participant } : {}) };
  state.revoked.push({ instance: instance.name, key });
  instance.messages.delete(id);
  return json(res, 201, {
    key: { remoteJid, fromMe: true, id: linkedDeviceMessageId() },
    message: { protocolMessage: { key, type: 'REVOKE' } },
    messageTimestamp: String(nowSeconds()),
    status: 'PENDING',
  });
};
