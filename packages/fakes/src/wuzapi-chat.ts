import type { ServerResponse } from 'node:http';
import { linkedDeviceMessageId, nowSeconds } from './whatsapp-protocol.js';
import { goField, parsePhone, type TWuzapiUser, wuzapiError, wuzapiOk } from './wuzapi-protocol.js';
import type { TWuzapiState } from './wuzapi-state.js';

// The fake wuzapi server's chat routes: sends, customers' files, read receipts and typing.

type TInput = Record<string, unknown>;

/** The data URL prefix each send route wants, as wuzapi checks it. */
const sendRoutes: Record<string, { field: string; prefix: string }> = {
  image: { field: 'Image', prefix: 'data:image/' },
  video: { field: 'Video', prefix: 'data:video/' },
  audio: { field: 'Audio', prefix: 'data:audio/' },
  document: { field: 'Document', prefix: 'data:' },
};

/** The send routes: a client must exist and be logged in; the Phone and ContextInfo are checked as wuzapi does. */
export const sendFromUser = (
  state: TWuzapiState,
  res: ServerResponse,
  user: TWuzapiUser,
  action: string,
  body: TInput,
) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  const phone = goField(body, 'Phone');
  if (typeof phone !== 'string' || !phone) return wuzapiError(res, 400, 'missing Phone in Payload');
  const route = sendRoutes[action];
  const content = route ? goField(body, route.field) : goField(body, 'Body');
  if (typeof content !== 'string' || !content)
    return wuzapiError(res, 400, `missing ${route?.field ?? 'Body'} in Payload`);
  if (route && !content.startsWith(route.prefix))
    return wuzapiError(res, 400, `${route.field.toLowerCase()} data should start with "${route.prefix}...;base64,"`);
  if (action === 'document' && !goField(body, 'FileName')) return wuzapiError(res, 400, 'missing FileName in Payload');
  if (!parsePhone(phone)) return wuzapiError(res, 400, 'could not parse Phone');
  const context = goField(body, 'ContextInfo');
  const stanza = goField(context, 'StanzaID');
  const participant = goField(context, 'Participant');
  if (stanza && !participant) return wuzapiError(res, 400, 'missing Participant in ContextInfo');
  if (participant && !stanza) return wuzapiError(res, 400, 'missing StanzaID in ContextInfo');
  if (!user.loggedIn || !user.client.connected)
    return wuzapiError(res, 500, 'error sending message: websocket not connected');
  const given = goField(body, 'Id');
  const id = typeof given === 'string' && given ? given : linkedDeviceMessageId();
  state.outbox.push({ action, user: user.name, body, id, at: Date.now() });
  return wuzapiOk(res, { Details: 'Sent', Id: id, Timestamp: nowSeconds() });
};

/** POST /chat/download<kind>: wuzapi's required fields, then whatsmeow's download (a wrong link or key: 500). */
export const downloadFile = (
  state: TWuzapiState,
  user: TWuzapiUser,
  kind: string,
  input: TInput,
  res: ServerResponse,
) => {
  for (const name of ['Url', 'MediaKey', 'Mimetype', 'FileSHA256', 'FileLength'])
    if (!goField(input, name)) return wuzapiError(res, 400, `missing ${name} in Payload`);
  if (!user.client || !user.loggedIn) return wuzapiError(res, 500, 'no session');
  const file = state.files.get(String(goField(input, 'Url')));
  if (!file || file.mediaKey !== goField(input, 'MediaKey'))
    return wuzapiError(res, 500, `Failed to download ${kind} failed to download media: 403 Forbidden`);
  const mimetype = String(goField(input, 'Mimetype'));
  return wuzapiOk(res, { Mimetype: mimetype, Data: `data:${mimetype};base64,${file.bytes.toString('base64')}` });
};

/** POST /chat/markread: read receipts for message ids of one chat. */
export const markRead = (user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  const ids = goField(input, 'Id');
  if (!Array.isArray(ids) || ids.length === 0) return wuzapiError(res, 400, 'missing Id in Payload');
  if (!goField(input, 'Chat') && !goField(input, 'ChatPhone')) return wuzapiError(res, 400, 'missing Chat in Payload');
  return wuzapiOk(res, { Details: 'Message(s) marked as read' });
};

/** POST /chat/presence: typing on or off. */
export const setChatPresence = (user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  const state = goField(input, 'State');
  if (state !== 'composing' && state !== 'paused') return wuzapiError(res, 400, 'invalid state');
  return wuzapiOk(res, { Details: 'Chat presence set successfuly' });
};
