import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { evolutionError, type TInstance } from './evolution-protocol.js';
import { settingsOf } from './evolution-settings.js';
import { emitEvent, qrOf, rotateQr, type TEvolutionState } from './evolution-state.js';
import { json } from './fake-http.js';
import { pairingCode } from './whatsapp-protocol.js';

// The fake Evolution gateway's instance routes: create, connect (QR or pairing code), state, logout, delete.

/** POST /instance/create: a new instance, closed, with its own token; with `qrcode: true` it starts pairing. */
export const createInstance = async (state: TEvolutionState, input: Record<string, unknown>, res: ServerResponse) => {
  const instanceName = input.instanceName;
  if (typeof instanceName !== 'string' || !/^[\w.-]{1,100}$/.test(instanceName))
    return evolutionError(res, 400, ['instanceName is required']);
  // A per-instance token is the global key's stand-in for this instance only.
  if (input.token === state.apiKey) return evolutionError(res, 400, ['Token already exists']);
  const created: TInstance = {
    name: instanceName,
    instanceId: randomUUID(),
    hash: typeof input.token === 'string' && input.token ? input.token : randomUUID().toUpperCase(),
    integration: typeof input.integration === 'string' ? input.integration : 'WHATSAPP-BAILEYS',
    state: 'close',
    qr: null,
    wuid: null,
    profileName: null,
    webhook: null,
    proxy: null,
    settings: settingsOf(input),
    messages: new Map(),
  };
  state.instances.set(instanceName, created);
  const qrcode = input.qrcode === true ? await rotateQr(state, created) : undefined;
  return json(res, 201, {
    instance: {
      instanceName,
      instanceId: created.instanceId,
      integration: created.integration,
      webhookWaBusiness: null,
      accessTokenWaBusiness: '',
      status: 'created',
    },
    hash: created.hash,
    webhook: {},
    websocket: {},
    rabbitmq: {},
    sqs: {},
    settings: created.settings,
    ...(qrcode ? { qrcode } : {}),
  });
};

/** GET /instance/connect: the current QR (a new one when closed); `?number=` adds a pairing code. */
export const connectInstance = async (state: TEvolutionState, instance: TInstance, url: URL, res: ServerResponse) => {
  if (instance.state === 'open') return json(res, 200, { instance: { instanceName: instance.name, state: 'open' } });
  // `?number=` asks for a pairing code for that phone besides the QR (Baileys' requestPairingCode).
  const number = url.searchParams.get('number');
  if (number) {
    const qr = instance.state === 'connecting' ? qrOf(instance) : await rotateQr(state, instance);
    return json(res, 200, { ...qr, pairingCode: pairingCode() });
  }
  if (instance.state === 'connecting') return json(res, 200, qrOf(instance));
  return json(res, 200, await rotateQr(state, instance));
};

/** DELETE /instance/logout: the session ends as logged out, and the webhook is told. */
export const logoutInstance = (state: TEvolutionState, instance: TInstance, res: ServerResponse) => {
  if (instance.state === 'close') return evolutionError(res, 400, [`The "${instance.name}" instance is not connected`]);
  instance.state = 'close';
  instance.qr = null;
  json(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } });
  // Baileys ends the socket as logged out (401): Evolution tells the webhook.
  void emitEvent(state, instance, 'connection.update', { instance: instance.name, state: 'close', statusReason: 401 });
};

/** DELETE /instance/delete: only a disconnected instance may go. */
export const deleteInstance = (state: TEvolutionState, instance: TInstance, res: ServerResponse) => {
  if (instance.state === 'open')
    return evolutionError(res, 400, [`The "${instance.name}" instance needs to be disconnected`]);
  state.instances.delete(instance.name);
  return json(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
};
