import type { TMessageTemplate } from '@prosa/contracts';
import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TChannelSession,
  type TChannelTarget,
  type TCommitSend,
  type TConnectionCheck,
  type TConnectionRow,
  type TGroupAdmin,
  type TGroupParticipant,
  type THistoryRequest,
  type TOutboundMessage,
  type TPresenceState,
  type TSendResult,
} from '../types.js';

/**
 * One send as the outbound queue asks it: the message, the connection it goes through (none when deleted), the
 * contact's addresses (the channel picks the first kind it delivers to), and whether a crash interrupted an
 * earlier try of it.
 */
export type TSendRequest = Omit<TOutboundMessage, 'to' | 'connection'> & {
  connection: TConnectionRow | undefined;
  addresses: readonly TAddress[];
  interrupted: boolean;
};

/** What a connection's channel can do besides sending, for the modules to decide before asking. */
export type TChannelAbilities = {
  /** Sends are paced (one at a time, human pauses): unofficial WhatsApp numbers. */
  paced: boolean;
  /** A send is a push inside this server, made at commit without the outbound queue (the web chat). */
  atCommit: boolean;
  /** Free text only within this many hours of the customer's last message (Cloud API: 24), else null. */
  serviceWindowHours: number | null;
  templates: boolean;
  /** Paired with a phone (QR code / pairing code): has a session to start and log out. */
  session: boolean;
  proxy: boolean;
  groups: boolean;
  /** Administers the number's groups (the group tools: ban and word lists, greetings, group actions). */
  groupAdmin: boolean;
  /** Can fetch a conversation's earlier messages from the provider (POST /messages/syncOld). */
  history: boolean;
  /** Can refuse a call it reported. */
  rejectCall: boolean;
};

/**
 * The modules' side of the channel host: every thing a module asks of a channel, by the connection it goes
 * through. Providers `register` their adapters here at start-up; modules never see an adapter.
 */
export type TChannelRegistry = {
  register: (adapter: TChannelAdapter) => void;
  /**
   * Sends one message through its connection's channel. Throws a ChannelSendError when it cannot go: no
   * connection or channel, a repeat after a crash the channel would not recognise, no address it delivers to.
   */
  send: (request: TSendRequest) => Promise<TSendResult>;
  /** `send` for a channel with `atCommit`: the outcome now, the push to make once the message is stored. */
  sendAtCommit: (request: TSendRequest) => TCommitSend;
  /** Whether a provider on this instance serves the connection type. */
  serves: (type: string) => boolean;
  /** What the channel of a connection type can do (all false for a type no provider serves). */
  abilities: (type: string) => TChannelAbilities;
  /** The customer's address on the connection's channel: the first of the contact's it delivers to, or null. */
  target: (tenantId: number, connection: TConnectionRow, addresses: readonly TAddress[]) => TChannelTarget | null;
  /** The channel's settings as stored from what an admin sent; null when the type takes none. */
  prepareConfig: (
    type: string,
    input: Record<string, unknown>,
    previous: Record<string, unknown>,
  ) => Record<string, unknown> | null;
  /** What an admin may read back of a connection's settings (undefined: the channel shows none). */
  publicSettings: (
    connection: TConnectionRow,
    publicUrl: string,
  ) => Record<string, string | boolean | null> | undefined;
  /** Checks the credentials with the provider; null when the channel has no check. */
  check: (connection: TConnectionRow) => Promise<TConnectionCheck | null>;
  /** The connection's session (channels paired by QR code), or null. */
  session: (connection: TConnectionRow) => TChannelSession | null;
  /** Puts the connection's stored proxy to use; false when the channel cannot use one. */
  applyProxy: (connection: TConnectionRow) => Promise<boolean>;
  /** The provider's templates for the connection, or null when the channel has none. */
  templates: (connection: TConnectionRow) => Promise<TMessageTemplate[] | null>;
  /** The agent's presence shown to the customer (channels that show it; nothing otherwise). */
  presence: (target: TChannelTarget, state: TPresenceState) => Promise<void>;
  /** Read receipts of the customer's messages (channels that have them; nothing otherwise). */
  markRead: (target: TChannelTarget, externalIds: readonly string[]) => Promise<void>;
  /** The end of the conversation told to the customer (channels with a page of their own; nothing otherwise). */
  endConversation: (target: TChannelTarget) => Promise<void>;
  /** A group's members; null when the channel has no group calls. */
  groupMembers: (target: TChannelTarget) => Promise<TGroupParticipant[] | null>;
  /** The administration of the connection's groups, or null when the channel has none. */
  groupAdmin: (connection: TConnectionRow) => TGroupAdmin | null;
  /** The connection's own call settings (a channel whose connection form has them), or null. */
  callSettings: (connection: TConnectionRow) => { rejectCalls: boolean; message: string | null } | null;
  /** Refuses a call the channel reported; false when it cannot. */
  rejectCall: (connection: TConnectionRow, call: { callId: string; from: string }) => Promise<boolean>;
  /**
   * Asks the provider for a conversation's earlier messages; they arrive as history deliveries. False when the
   * channel keeps no history to ask for.
   */
  requestHistory: (target: TChannelTarget, request: THistoryRequest) => Promise<boolean>;
};

export const createChannelRegistry = (): TChannelRegistry => {
  const adapters = new Map<string, TChannelAdapter>();
  const of = (type: string) => adapters.get(type);
  const pickAddress = (adapter: TChannelAdapter, addresses: readonly TAddress[]) =>
    adapter.addressKinds
      .map((kind) => addresses.find((address) => address.kind === kind))
      .find((address) => address !== undefined);

  /** The adapter of a request's connection and the message as it takes it; a ChannelSendError when it cannot go. */
  const prepareSend = ({ connection, addresses, interrupted, ...message }: TSendRequest) => {
    if (!connection) throw new ChannelSendError('ERR_NO_WAPP_FOUND', false);
    const adapter = of(connection.type);
    if (!adapter) throw new ChannelSendError(`channel ${connection.type} is not available`, false);
    if (interrupted && !adapter.idempotent) throw new ChannelSendError('ERR_SEND_INTERRUPTED', false);
    const to = pickAddress(adapter, addresses);
    if (!to) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
    return { adapter, message: { ...message, connection, to } };
  };

  return {
    register: (adapter) => {
      adapters.set(adapter.kind, adapter);
    },
    send: async (request) => {
      const { adapter, message } = prepareSend(request);
      return adapter.send(message);
    },
    sendAtCommit: (request) => {
      const { adapter, message } = prepareSend(request);
      if (!adapter.sendAtCommit) throw new ChannelSendError(`channel ${adapter.kind} sends through the queue`, false);
      return adapter.sendAtCommit(message);
    },
    serves: (type) => adapters.has(type),
    abilities: (type) => {
      const adapter = of(type);
      return {
        paced: Boolean(adapter?.paced),
        atCommit: Boolean(adapter?.sendAtCommit),
        serviceWindowHours: adapter?.serviceWindowHours ?? null,
        templates: Boolean(adapter?.templates),
        session: Boolean(adapter?.session),
        proxy: Boolean(adapter?.applyProxy),
        groups: Boolean(adapter?.groupParticipants),
        groupAdmin: Boolean(adapter?.groupAdmin),
        history: Boolean(adapter?.requestHistory),
        rejectCall: Boolean(adapter?.rejectCall),
      };
    },
    target: (tenantId, connection, addresses) => {
      const adapter = of(connection.type);
      const to = adapter ? pickAddress(adapter, addresses) : undefined;
      return to ? { tenantId, connection, to } : null;
    },
    prepareConfig: (type, input, previous) => of(type)?.prepareConfig?.(input, previous) ?? null,
    publicSettings: (connection, publicUrl) => of(connection.type)?.publicSettings?.(connection, publicUrl),
    check: async (connection) => (await of(connection.type)?.check?.(connection)) ?? null,
    session: (connection) => of(connection.type)?.session ?? null,
    applyProxy: async (connection) => {
      const apply = of(connection.type)?.applyProxy;
      if (!apply) return false;
      await apply(connection);
      return true;
    },
    templates: async (connection) => (await of(connection.type)?.templates?.(connection)) ?? null,
    presence: async (target, state) => {
      await of(target.connection.type)?.sendPresence?.(target, state);
    },
    markRead: async (target, externalIds) => {
      await of(target.connection.type)?.markRead?.(target, externalIds);
    },
    endConversation: async (target) => {
      await of(target.connection.type)?.endConversation?.(target);
    },
    groupMembers: async (target) => (await of(target.connection.type)?.groupParticipants?.(target)) ?? null,
    groupAdmin: (connection) => of(connection.type)?.groupAdmin ?? null,
    callSettings: (connection) => of(connection.type)?.callSettings?.(connection) ?? null,
    rejectCall: async (connection, call) => {
      const reject = of(connection.type)?.rejectCall;
      if (!reject) return false;
      await reject(connection, call);
      return true;
    },
    requestHistory: async (target, request) => {
      const fetch = of(target.connection.type)?.requestHistory;
      if (!fetch) return false;
      await fetch(target, request);
      return true;
    },
  };
};
