import {
  events,
  type TCampaignEvent,
  type TConnection,
  type TPlatformSessionEvent,
  type TPresenceEvent,
  type TTicketListEvent,
} from '@prosa/contracts';
import { io, type Socket } from 'socket.io-client';
import { createEventChannel } from './event-channel';
import { guardSession, type TSessionGuardDeps } from './session-guard';

let socket: Socket | null = null;

export const getSocket = (): Socket | null => socket;

/** A connection changed; `turn` says it went down or came back (the server decides, once per change). */
export type TSessionEvent = { action: string; session: TConnection; turn?: 'down' | 'up' | null };

const ticketList = createEventChannel<TTicketListEvent>();
/** `{tenantId}:ticketList` events (tickets and their messages) of whichever connection is open. */
export const onTicketListEvent = ticketList.on;
/** Hands a `{tenantId}:ticketList` event to the listeners (the socket does; tests may too). */
export const dispatchTicketListEvent = ticketList.dispatch;

const campaignChannel = createEventChannel<TCampaignEvent>();
/** `{tenantId}:campaign` events (managers' sockets only): a campaign's status or progress changed. */
export const onCampaignEvent = campaignChannel.on;
/** Hands a `{tenantId}:campaign` event to the listeners (the socket does; tests may too). */
export const dispatchCampaignEvent = campaignChannel.dispatch;

const insightChannel = createEventChannel<void>();
/** `{tenantId}:insight`: the tenant's figures were recomputed (managers only, at most once a second). */
export const onInsightEvent = insightChannel.on;
/** Hands a `{tenantId}:insight` event to the listeners (the socket does; tests may too). */
export const dispatchInsightEvent = insightChannel.dispatch;

const sessions = createEventChannel<TSessionEvent>();
/** `{tenantId}:whatsappSession` events: a connection's status, number or last error changed. */
export const onSessionEvent = sessions.on;

const platformSessions = createEventChannel<TPlatformSessionEvent>();
/** `platform:whatsappSession` events (only a superadmin's socket gets them): any tenant's connection changed. */
export const onPlatformSessionEvent = platformSessions.on;

const presence = createEventChannel<TPresenceEvent>();
/** `{tenantId}:presence` events: someone (the customer, or an agent) is typing or recording in a ticket. */
export const onPresenceEvent = presence.on;
/** Hands a presence event to its listeners (the socket's handler; tests call it directly). */
export const dispatchPresenceEvent = presence.dispatch;

const staff = createEventChannel<void>();
/** `{tenantId}:user` and `{tenantId}:users` events: a user was made, changed or deleted, came online or left. */
export const onStaffEvent = staff.on;

const reconnects = createEventChannel<void>();
/**
 * Called on every connection, the first one included: events sent while the socket was joining (a screen read
 * its data just before) or disconnected may have been missed, so the screens read them again.
 */
export const onRealtimeReconnect = reconnects.on;

export type TRealtimeHandlers = {
  onUserEvent: (payload: unknown) => void;
  onUsersEvent: (payload: unknown) => void;
} & Pick<TSessionGuardDeps, 'reauthenticate' | 'onSessionOver'>;

/** Connect the realtime channel (spec 4 and 7). Only ever called with a stored token. `open`: tests pass a fake. */
export const connectRealtime = (
  token: string,
  tenantId: number,
  handlers: TRealtimeHandlers,
  open: typeof io = io,
): Socket => {
  disconnectRealtime();
  const client = open(window.location.origin, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    auth: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20_000,
    autoConnect: false,
  });

  client.on('connect', () => {
    console.debug('[realtime] connected');
    client.emit(events.setUserActive(tenantId));
    reconnects.dispatch();
  });
  client.on('connect_error', (error) => console.debug('[realtime] connect error', error.message));
  client.on('disconnect', (reason) => console.debug('[realtime] disconnected', reason));
  // Rights revoked, or a token refused: a fresh token and a reconnection, or the login screen.
  guardSession(client, {
    reauthenticate: handlers.reauthenticate,
    onSessionOver: handlers.onSessionOver,
    isCurrent: () => socket === client,
  });
  client.on(events.user(tenantId), handlers.onUserEvent);
  client.on(events.users(tenantId), handlers.onUsersEvent);
  client.on(events.user(tenantId), () => staff.dispatch());
  client.on(events.users(tenantId), () => staff.dispatch());
  client.on(events.ticketList(tenantId), dispatchTicketListEvent);

  client.on(events.presence(tenantId), dispatchPresenceEvent);
  client.on(events.campaign(tenantId), dispatchCampaignEvent);
  client.on(events.insight(tenantId), () => dispatchInsightEvent());

  client.on(events.whatsappSession(tenantId), sessions.dispatch);
  // The server sends it to the superadmins' room only; for anyone else this listener never fires.
  client.on(events.platformWhatsappSession, platformSessions.dispatch);

  socket = client;
  client.connect();
  return client;
};

/** A refreshed token is used from the next (re)connection on. */
export const updateRealtimeToken = (token: string): void => {
  if (socket) socket.auth = { token };
};

export const disconnectRealtime = (): void => {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
};
