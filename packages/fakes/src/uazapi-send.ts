import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  chatOf,
  isBase64,
  isUrl,
  json,
  sentMessageId,
  type TUazapiInstance,
  uazapiError,
  uazapiMediaTypes,
} from './uazapi-protocol.js';
import type { TUazapiWorld } from './uazapi-world.js';

type TOutgoing = {
  chatid: string;
  messageType: string;
  text: string;
  media: { bytes: Buffer; mimetype: string } | null;
};

/** `/send/text|media`, `/message/markread|presence|download` and `/call/reject`, for an instance its token named. */
export const createUazapiMessaging = (world: TUazapiWorld) => {
  /** What a send answers: the message as uazapi stores it, with `messageid` (WhatsApp's id). */
  const accepted = (
    res: ServerResponse,
    instance: TUazapiInstance,
    route: string,
    body: Record<string, unknown>,
    message: TOutgoing,
  ) => {
    const messageid = sentMessageId();
    instance.messages.set(messageid, { chatid: message.chatid, fromMe: true, media: message.media });
    world.outbox.push({ route, instance: instance.name, body, id: messageid, at: Date.now() });
    const stored = {
      id: `${instance.owner}:${messageid}`,
      messageid,
      chatid: message.chatid,
      fromMe: true,
      isGroup: message.chatid.endsWith('@g.us'),
      messageType: message.messageType,
      messageTimestamp: Date.now(),
      text: message.text,
      quoted: typeof body.replyid === 'string' ? body.replyid : '',
      sender: `${instance.owner}@s.whatsapp.net`,
      senderName: instance.profileName,
      status: 'Pending',
      owner: instance.owner,
      wasSentByApi: true,
      track_source: typeof body.track_source === 'string' ? body.track_source : '',
      track_id: typeof body.track_id === 'string' ? body.track_id : '',
    };
    json(res, 200, { ...stored, response: { status: 'success', message: 'Message sent successfully' } });
    // Our own send comes back as a message event, unless the webhook excludes API sends.
    void world.emit(instance, 'messages', { message: stored, chat: { wa_chatid: message.chatid } });
  };

  const send = (instance: TUazapiInstance, route: string, body: Record<string, unknown>, res: ServerResponse) => {
    if (instance.status !== 'connected') return uazapiError(res, 401, 'No session');
    const chatid = typeof body.number === 'string' ? chatOf(body.number) : null;
    if (route === 'text') {
      if (!chatid || typeof body.text !== 'string' || !body.text)
        return uazapiError(res, 400, 'Missing number or text');
      return accepted(res, instance, route, body, {
        chatid,
        messageType: body.replyid ? 'ExtendedTextMessage' : 'Conversation',
        text: body.text,
        media: null,
      });
    }
    const type = uazapiMediaTypes.find((item) => item === body.type);
    const file = typeof body.file === 'string' ? body.file : '';
    if (!chatid) return uazapiError(res, 400, 'Missing number');
    if (!type || (!isBase64(file) && !isUrl(file))) return uazapiError(res, 400, 'Invalid media type or file format');
    const bytes = isBase64(file) ? Buffer.from(file, 'base64') : Buffer.alloc(0);
    const kind = type === 'ptt' || type === 'myaudio' ? 'audio' : type;
    return accepted(res, instance, route, body, {
      chatid,
      messageType: `${kind[0]?.toUpperCase()}${kind.slice(1)}Message`,
      text: typeof body.text === 'string' ? body.text : '',
      media: { bytes, mimetype: type === 'ptt' ? 'audio/ogg; codecs=opus' : 'application/octet-stream' },
    });
  };

  const markRead = (res: ServerResponse, instance: TUazapiInstance, input: Record<string, unknown>) => {
    const ids = input.id;
    if (!Array.isArray(ids) || ids.length === 0) return uazapiError(res, 400, 'Missing Id in Payload');
    if (instance.status !== 'connected') return uazapiError(res, 401, 'No session');
    return json(res, 200, {
      results: ids.map((id) =>
        instance.messages.has(String(id))
          ? { message_id: String(id), status: 'success' }
          : { message_id: String(id), status: 'error', error: 'Message not found' },
      ),
    });
  };

  const download = (res: ServerResponse, instance: TUazapiInstance, input: Record<string, unknown>) => {
    const stored = typeof input.id === 'string' ? instance.messages.get(input.id.split(':').pop() ?? '') : undefined;
    if (!stored) return uazapiError(res, 404, 'Message not found');
    if (!stored.media) return uazapiError(res, 400, 'Unsupported media type or no media found in message');
    return json(res, 200, {
      mimetype: stored.media.mimetype,
      ...(input.return_base64 === true ? { base64Data: stored.media.bytes.toString('base64') } : {}),
      ...(input.return_link !== false
        ? { fileURL: `${world.settings.baseUrl}/files/${randomBytes(8).toString('hex')}` }
        : {}),
    });
  };

  /** Answers the call, or returns false when the path is not one of these. */
  return (key: string, res: ServerResponse, instance: TUazapiInstance, input: Record<string, unknown>) => {
    switch (key) {
      case 'POST /send/text':
        send(instance, 'text', input, res);
        return true;
      case 'POST /send/media':
        send(instance, 'media', input, res);
        return true;
      case 'POST /message/markread':
        markRead(res, instance, input);
        return true;
      case 'POST /message/presence':
        if (typeof input.number !== 'string' || !['composing', 'recording', 'paused'].includes(String(input.presence)))
          uazapiError(res, 400, 'Número inválido ou tipo de presença inválido');
        else if (instance.status !== 'connected') uazapiError(res, 401, 'No session');
        else json(res, 200, { response: 'Chat presence sent successfully' });
        return true;
      case 'POST /message/download':
        download(res, instance, input);
        return true;
      case 'POST /call/reject':
        if (typeof input.number !== 'string' || !input.number) uazapiError(res, 400, 'missing number in payload');
        else if (typeof input.id !== 'string' || !input.id) uazapiError(res, 400, 'missing id in payload');
        else if (instance.status !== 'connected') uazapiError(res, 401, 'No session');
        else json(res, 200, { response: 'Call rejected' });
        return true;
      default:
        return false;
    }
  };
};
