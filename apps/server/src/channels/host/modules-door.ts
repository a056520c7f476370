/**
 * What modules may know of channels, all through the host: `services.channels` (the host's modules side, which
 * sends, reads templates, starts and stops sessions, shows presence, marks messages read, lists group members,
 * rejects calls, asks for history) and the shapes they exchange. Modules import this file and never a
 * provider's folder, and never see an adapter.
 */
export {
  ChannelGroupError,
  ChannelSendError,
  type TAddress,
  type TChannelSession,
  type TChannelTarget,
  type TGroupAdmin,
  type TGroupMemberAction,
  type TGroupParticipant,
  type TGroupSummary,
  type THistoryRequest,
  type TOutboundChoices,
  type TPresenceState,
  type TSessionState,
  type TTemplateSend,
} from '../types.js';
export type { TChannelAbilities, TChannelRegistry, TSendRequest } from './channel-registry.js';
export type {
  TConnectionRef,
  TGatewayCall,
  TGatewayConnectionChange,
  TGatewayGroupParticipants,
  TGatewayHistoryMessage,
  TGatewayMessage,
  TGatewaySender,
} from './gateway-events.js';
