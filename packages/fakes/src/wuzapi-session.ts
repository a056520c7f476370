import type { ServerResponse } from 'node:http';
import {
  goField,
  linkingCode,
  supportedEventTypes,
  type TWuzapiUser,
  wuzapiError,
  wuzapiOk,
} from './wuzapi-protocol.js';
import { emitEvent, rotateQr, type TWuzapiState } from './wuzapi-state.js';

// The fake wuzapi server's session routes: the webhook, the HMAC key, connect, status, QR, pairing, logout.

type TInput = Record<string, unknown>;

/** POST /webhook: where the user's events go. */
export const setWebhook = (user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  const webhook = goField(input, 'webhookURL');
  if (typeof webhook !== 'string') return wuzapiError(res, 400, 'could not decode payload');
  user.webhook = webhook;
  return wuzapiOk(res, { webhook });
};

/** POST /session/hmac/config: webhooks are signed with this key from now on. */
export const setHmacKey = (user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  const hmacKey = goField(input, 'hmac_key');
  if (typeof hmacKey !== 'string' || hmacKey.length < 32)
    return wuzapiError(res, 400, 'HMAC key must be at least 32 characters long');
  user.hmacKey = hmacKey;
  return wuzapiOk(res, { Details: 'HMAC configuration saved successfully' });
};

/** POST /session/connect: a paired device reconnects; a new one shows a QR code to read. */
export const connectSession = async (state: TWuzapiState, user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  if (user.client?.connected) return wuzapiError(res, 500, 'already connected');
  const subscribe = goField(input, 'Subscribe');
  if (Array.isArray(subscribe) && subscribe.length > 0)
    user.events = [...new Set(subscribe.map(String).filter((e) => supportedEventTypes.includes(e)))];
  user.client = { connected: true };
  // The QR is made here before answering, where wuzapi makes it moments later: the fake's callers need not
  // wait for it.
  if (user.jid) user.loggedIn = true;
  else await rotateQr(state, user);
  wuzapiOk(res, {
    webhook: user.webhook,
    jid: user.jid ?? '',
    events: user.events.join(','),
    details: 'Connected!',
  });
  if (user.loggedIn) void emitEvent(state, user, { type: 'Connected', event: {} });
};

/** GET /session/status. */
export const sessionStatus = (user: TWuzapiUser, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  return wuzapiOk(res, {
    id: user.id,
    name: user.name,
    connected: user.client.connected,
    loggedIn: user.loggedIn,
    jid: user.jid ?? '',
    webhook: user.webhook,
    events: user.events.join(','),
    qrcode: user.qr,
    hmac_configured: user.hmacKey !== null,
  });
};

/** GET /session/qr: the QR of a connected client that is not paired yet. */
export const sessionQr = (user: TWuzapiUser, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  if (!user.client.connected) return wuzapiError(res, 500, 'not connected');
  if (user.loggedIn) return wuzapiError(res, 500, 'already logged in');
  return wuzapiOk(res, { QRCode: user.qr });
};

/** POST /session/pairphone: a linking code for that phone instead of the QR. */
export const pairPhone = (user: TWuzapiUser, input: TInput, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  const phone = goField(input, 'Phone');
  if (typeof phone !== 'string' || !phone) return wuzapiError(res, 400, 'missing Phone in Payload');
  if (user.loggedIn) return wuzapiError(res, 400, 'already paired');
  return wuzapiOk(res, { LinkingCode: linkingCode() });
};

/** POST /session/logout: the device is unpaired; newer releases tell the webhook before ending the client. */
export const logoutSession = (state: TWuzapiState, user: TWuzapiUser, res: ServerResponse) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  if (!user.loggedIn) return wuzapiError(res, 500, 'could not logout as it was not logged in');
  user.loggedIn = false;
  user.jid = null;
  user.client = null;
  wuzapiOk(res, { Details: 'Logged out' });
  void emitEvent(state, user, { type: 'LoggedOut', event: {} });
};
