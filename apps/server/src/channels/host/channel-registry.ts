import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TConnectionRow,
  type TOutboundMessage,
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

/** The channels' adapters by kind, as providers register them and modules use them. */
export type TChannelRegistry = {
  get: (kind: string) => TChannelAdapter | undefined;
  register: (adapter: TChannelAdapter) => void;
  /**
   * Sends one message through its connection's channel. Throws a ChannelSendError when it cannot go: no
   * connection or channel, a repeat after a crash the channel would not recognise, no address it delivers to.
   */
  send: (request: TSendRequest) => Promise<TSendResult>;
};

export const createChannelRegistry = (): TChannelRegistry => {
  const adapters = new Map<string, TChannelAdapter>();
  return {
    get: (kind) => adapters.get(kind),
    register: (adapter) => {
      adapters.set(adapter.kind, adapter);
    },
    send: async ({ connection, addresses, interrupted, ...message }) => {
      if (!connection) throw new ChannelSendError('ERR_NO_WAPP_FOUND', false);
      const adapter = adapters.get(connection.type);
      if (!adapter) throw new ChannelSendError(`channel ${connection.type} is not available`, false);
      if (interrupted && !adapter.idempotent) throw new ChannelSendError('ERR_SEND_INTERRUPTED', false);
      const to = adapter.addressKinds
        .map((kind) => addresses.find((address) => address.kind === kind))
        .find((address) => address !== undefined);
      if (!to) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
      return adapter.send({ ...message, connection, to });
    },
  };
};
