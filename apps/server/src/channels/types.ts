import type { TMessageTemplate } from '@prosa/contracts';
import type { connections } from '../platform/db/schema.js';

export type TConnectionRow = typeof connections.$inferSelect;

/** Where a message goes: one of the contact's identities the channel understands. */
export type TAddress = { kind: string; value: string };

export type TOutboundMessage = {
  tenantId: number;
  /** Our message id. */
  id: number;
  /** Same for every attempt of one message: channels that honour one never deliver it twice. */
  idempotencyKey: string;
  connection: TConnectionRow;
  to: TAddress;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  /** The channel's id of the quoted message, when replying. */
  quotedExternalId: string | null;
  /** An approved template with its placeholders filled, instead of free text. */
  template: TTemplateSend | null;
  /** Group members the text mentions (their JIDs), shown to them as mentions: visibly (@) or hidden ("ghost"). */
  mentions?: string[];
  /**
   * A menu to show as buttons or a list where the channel has them; `body` is then its numbered-text form,
   * what any other channel sends and what agents read in the chat.
   */
  choices?: TOutboundChoices | null;
};

/**
 * A chat flow's menu (`dataJson.choices` on the message): the question, and the options in order. A tapped
 * option comes back from the customer as its label (the flow engine reads it as its number too).
 */
export type TOutboundChoices = {
  display: 'buttons' | 'list';
  text: string;
  options: { id: string; label: string }[];
};

/** A member of a group chat, as the channel lists them. */
export type TGroupParticipant = {
  /** The member's id on the channel (a WhatsApp JID: phone or LID form). */
  id: string;
  /** Their phone number's digits, when the channel tells. */
  number: string | null;
  admin: boolean;
  /** The group's creator (WhatsApp's "superadmin"); `admin` is true for them too. */
  superAdmin: boolean;
};

/** What can be done to members of a group (WhatsApp's groupParticipantsUpdate). */
export type TGroupMemberAction = 'add' | 'remove' | 'promote' | 'demote';

/** A group the connection's number is in; `isAdmin`: our number is admin there. */
export type TGroupSummary = {
  id: string;
  subject: string;
  description: string | null;
  size: number;
  isAdmin: boolean;
  /** Only admins may send messages (WhatsApp's "announcement" setting). */
  adminsOnly: boolean;
};

/**
 * Administration of the groups a connection's number is in (channels with WhatsApp groups). Group ids are the
 * groups' JIDs; members are JIDs. Calls that WhatsApp refuses throw (a `ChannelGroupError` when it says why).
 */
export type TGroupAdmin = {
  list: (connection: TConnectionRow) => Promise<TGroupSummary[]>;
  get: (connection: TConnectionRow, groupId: string) => Promise<TGroupSummary & { participants: TGroupParticipant[] }>;
  /** A new group, our number its creator; with its invite code where the provider answers it with the group. */
  create: (
    connection: TConnectionRow,
    subject: string,
    participants: string[],
  ) => Promise<TGroupSummary & { inviteCode?: string | null }>;
  /**
   * The group's invite code (what follows `https://chat.whatsapp.com/`; WhatsApp tells admins only), on providers
   * that can ask for it; null when the answer has none.
   */
  inviteCode?: (connection: TConnectionRow, groupId: string) => Promise<string | null>;
  setSubject: (connection: TConnectionRow, groupId: string, subject: string) => Promise<void>;
  setDescription: (connection: TConnectionRow, groupId: string, description: string) => Promise<void>;
  setAdminsOnly: (connection: TConnectionRow, groupId: string, adminsOnly: boolean) => Promise<void>;
  /** Each member's outcome: ok, or WhatsApp's status code as the error. */
  updateParticipants: (
    connection: TConnectionRow,
    groupId: string,
    participants: string[],
    action: TGroupMemberAction,
  ) => Promise<{ id: string; ok: boolean; error?: string }[]>;
  /** Sets the group's picture (an image's bytes: JPEG, PNG or WebP; WhatsApp keeps a square JPEG of it). */
  setPicture: (connection: TConnectionRow, groupId: string, image: Buffer) => Promise<void>;
  /** Deletes a member's message for everyone (our number must be admin). */
  deleteMessage: (
    connection: TConnectionRow,
    groupId: string,
    message: { externalId: string; participant: string },
  ) => Promise<void>;
};

/** WhatsApp refused a group call and said why: `code` a catalogue code (ERR_GROUP_NOT_ADMIN, ...). */
export class ChannelGroupError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A template as the outbound queue keeps it on the message (`dataJson.template`). */
export type TTemplateSend = Pick<TMessageTemplate, 'name' | 'language' | 'headerVariables' | 'bodyVariables'> & {
  headerParams: string[];
  bodyParams: string[];
};

export type TSendResult = { externalId: string; status?: 'sent' | 'delivered' };

/** A send split in two (`sendAtCommit`): its outcome, known at once, and the push, made once the message is stored. */
export type TCommitSend = { result: TSendResult; push: () => void };

/**
 * A send that did not happen; `retryable` failures are tried again with backoff, the others fail at once.
 * `connectionDown` says the provider refused the connection itself (revoked token, logged-out session): the
 * connection is marked DISCONNECTED and the tenant's admins are told.
 */
export class ChannelSendError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
    readonly connectionDown = false,
  ) {
    super(reason);
  }
}

/** One channel kind (web chat, WhatsApp Cloud API, ...): the only code that speaks its protocol. */
export type TChannelAdapter = {
  kind: string;
  /** The identity kinds this channel can deliver to, by preference. */
  addressKinds: readonly string[];
  /**
   * Whether the channel drops a repeated idempotency key. When it does not, a send interrupted by a crash
   * is not tried again blindly: it is marked failed ("interrupted") and the agent decides.
   */
  idempotent: boolean;
  send: (message: TOutboundMessage) => Promise<TSendResult>;
  /**
   * Channels whose send is a push inside this server to a page that also reads the stored conversation (the web
   * chat): nothing to wait for or retry on a network, so a pending message skips the outbound queue. Its outcome
   * is recorded in the transaction that stores it, and `push` runs once that commits. Throws ChannelSendError as
   * `send` does.
   */
  sendAtCommit?: (message: TOutboundMessage) => TCommitSend;
  /**
   * Sends through this channel are paced: one at a time per connection, with a random pause between them
   * (SEND_PACE_MIN_MS..SEND_PACE_MAX_MS), so a number does not burst like a bot and get banned. Unofficial
   * WhatsApp channels (Baileys, gateways) set it; official APIs with their own limits do not.
   */
  paced?: boolean;
  /** Shows the customer that an agent is typing or recording (channels that support it). */
  sendPresence?: (target: TChannelTarget, state: TPresenceState) => Promise<void>;
  /** The members of a group conversation (channels with group chats); `mentions` on sends reach them. */
  groupParticipants?: (target: TChannelTarget) => Promise<TGroupParticipant[]>;
  /** Administration of the number's groups: list, create, settings, members, deleting members' messages. */
  groupAdmin?: TGroupAdmin;
  /** Tells the customer their messages (by the channel's ids) were read (channels with read receipts). */
  markRead?: (target: TChannelTarget, externalIds: readonly string[]) => Promise<void>;
  /** Tells the customer the conversation was closed (channels with a page of their own, like the web chat). */
  endConversation?: (target: TChannelTarget) => Promise<void>;
  /**
   * Channels that only take free text within some hours of the customer's last message (WhatsApp Cloud
   * API: 24); outside it only approved templates go.
   */
  serviceWindowHours?: number;
  /** The provider's message templates for this connection (channels with a service window). */
  templates?: (connection: TConnectionRow) => Promise<TMessageTemplate[]>;
  /**
   * The channel's settings as stored, from what an admin sent (credentials sealed); `previous` holds the
   * stored ones on an edit. Channels without settings have none.
   */
  prepareConfig?: (input: Record<string, unknown>, previous: Record<string, unknown>) => Record<string, unknown>;
  /** What an admin may read back of the settings: ids, the webhook to configure, "set" flags for secrets. */
  publicSettings?: (connection: TConnectionRow, publicUrl: string) => Record<string, string | boolean | null>;
  /**
   * Channels whose number can go out through a proxy (contracts' `proxyChannels`): puts the connection's stored
   * proxy (or none) to use, on this instance's socket or on the gateway. Throws an AppError when it cannot.
   */
  applyProxy?: (connection: TConnectionRow) => Promise<void>;
  /** Checks a connection's credentials with the provider: its status, the number it serves, or why not. */
  check?: (connection: TConnectionRow) => Promise<TConnectionCheck>;
  /**
   * How this connection wants calls answered, when its own settings say (Baileys' connection form): refused, and
   * with which text. Channels without such settings follow the tenant's.
   */
  callSettings?: (connection: TConnectionRow) => { rejectCalls: boolean; message: string | null };
  /** Refuses a call the channel reported (by its id and the caller's id as the channel gave them). */
  rejectCall?: (connection: TConnectionRow, call: { callId: string; from: string }) => Promise<void>;
  /**
   * Asks the provider for a conversation's messages older than the oldest we keep (channels that hold history:
   * Baileys asks the phone). They come back later as `history` gateway events, stored without alerting anyone.
   */
  requestHistory?: (target: TChannelTarget, request: THistoryRequest) => Promise<void>;
  /**
   * Channels paired with a phone by QR code (Baileys, the WhatsApp gateways): the session's life. After a
   * create or an edit the server starts the session instead of `check`.
   */
  session?: TChannelSession;
};

/** A session as its provider reports it: connected (as which number), waiting for a QR scan, or down and why. */
export type TSessionState = {
  status: 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode';
  number: string | null;
  /** The QR code to scan (a PNG data URL) while the status is `qrcode`. */
  qrcode: string | null;
  /** A catalogue code when the session is down. */
  error: string | null;
};

export type TChannelSession = {
  /**
   * Opens the session on the provider, creating it and registering our webhook where missing: connected, or
   * a QR code to scan (a fresh one when asked again). Never throws: a provider that refuses is a state.
   */
  start: (connection: TConnectionRow) => Promise<TSessionState>;
  /**
   * Logs the number out: the session stays, to be paired again with a new QR code. Throws an AppError when
   * the provider could not be told (the number would stay linked).
   */
  logout: (connection: TConnectionRow) => Promise<TSessionState>;
  /** The connection was deleted: removes its session from the provider (best effort). */
  remove: (connection: TConnectionRow) => Promise<void>;
  /**
   * Pairs by a code typed on the phone (WhatsApp > Linked devices > Link with phone number instead) rather
   * than the QR code: the code to type, for the number given (digits with the country code). Providers that
   * refuse throw an AppError.
   */
  pair?: (connection: TConnectionRow, phone: string) => Promise<TPairing>;
};

/** A pairing code to type on the phone, and the session's state meanwhile. */
export type TPairing = { code: string; state: TSessionState };

export type TConnectionCheck = {
  status: 'CONNECTED' | 'DISCONNECTED';
  number: string | null;
  /** A catalogue code when the check failed. */
  error: string | null;
};

export type TPresenceState = 'composing' | 'recording' | 'paused';

/** One conversation on a channel: the connection and the customer's address on it. */
export type TChannelTarget = { tenantId: number; connection: TConnectionRow; to: TAddress };

/** What to ask a provider for a conversation's history: up to `count` messages before the oldest we keep. */
export type THistoryRequest = {
  count: number;
  /** The oldest message we keep of the conversation (the provider pages back from it). */
  oldest: { externalId: string; fromMe: boolean; timestamp: number };
};
