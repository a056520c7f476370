/**
 * What modules may know of channels, all through the host: the adapters' registry (`services.channels`, which
 * sends, reads templates, starts and stops sessions, marks messages read) and the shapes they exchange. Modules
 * import this file and never a provider's folder.
 */
export {
  ChannelSendError,
  type TChannelAdapter,
  type TChannelSession,
  type TChannelTarget,
  type TPresenceState,
  type TSessionState,
  type TTemplateSend,
} from '../types.js';
export type { TChannelRegistry, TSendRequest } from './channel-registry.js';
export type { TGatewayConnectionChange, TGatewayMessage, TGatewaySender } from './gateway-events.js';
