/**
 * What a provider reports, in one shape for every channel: each provider translates its wire format (webhook
 * payloads, socket events, polled updates) into these and hands them to the host (`host.deliver`), which
 * applies them to the modules. Providers know nothing of tickets, contacts or messages' rows.
 */

/** Who wrote a customer's message, as the channel identifies them. */
export type TGatewaySender = {
  /** `bsuid`: WhatsApp's business-scoped user id (Cloud API), for a user known by it alone. */
  kind: 'phone' | 'lid' | 'group' | 'telegram' | 'webchat' | 'email' | 'instagram' | 'messenger' | 'bsuid';
  /** The identity the channel addresses this person by: a phone (any format), a LID, a web chat visitor id... */
  value: string;
  name?: string;
  /** The phone number, when the channel knows it besides `value` (say, a LID message that carries it). */
  number?: string;
  email?: string;
  pushname?: string;
  profilePicUrl?: string;
  isGroup?: boolean;
  /** WhatsApp LID, when the channel knows it besides `value`. */
  lid?: string;
  /** The business-scoped user id, when the channel knows it besides `value` (the contact is merged by it). */
  bsuid?: string;
};

/** A customer's message, its file already in our storage (or why not, in `dataJson`). */
export type TGatewayMessage = {
  /** The channel's id of the message: a second delivery of the same id is a no-op. */
  externalId: string;
  from: TGatewaySender;
  body: string;
  mediaType?: string;
  mediaUrl?: string | null;
  mediaName?: string | null;
  mediaMime?: string | null;
  /** Milliseconds since the epoch, as the channel dated the message. */
  timestamp: number;
  quotedExternalId?: string | null;
  dataJson?: unknown;
};

/** A call offered to the connection's number. */
export type TGatewayCall = {
  /** The channel's id of the call (what refusing it takes). */
  callId: string;
  /** The caller as the channel names them in its calls (a JID...), what refusing it takes. */
  callerId: string;
  /** The caller as a contact. */
  from: TGatewaySender;
  video: boolean;
  /** Milliseconds since the epoch. */
  timestamp: number;
};

/** A message of a conversation's past: the customer's, or one of ours sent from the phone or before. */
export type TGatewayHistoryMessage = TGatewayMessage & { fromMe: boolean };

export type TDeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A change of the connection's session, as `setConnectionStatus` takes it. */
export type TGatewayConnectionChange = {
  status: 'CONNECTED' | 'DISCONNECTED' | 'OPENING' | 'qrcode';
  number?: string | null;
  /** A catalogue code. Left out: cleared when connected or down, kept while on the way (OPENING, qrcode). */
  lastError?: string | null;
  /** An admin asked for it (logout): not a drop, nobody is alerted. */
  requested?: boolean;
  /**
   * Apply only from these statuses: a provider's report that arrives late (a gateway's "closed" after the
   * logout an admin asked for) must not undo a newer state. Checked under the row lock.
   */
  onlyFrom?: readonly string[];
  /** The QR code to scan while the status is `qrcode`: kept there when left out, cleared in any other status. */
  qrcode?: string | null;
};

/** Members joined, left, were promoted or demoted in a group of the connection's number. */
export type TGatewayGroupParticipants = {
  /** The group's JID (`…@g.us`). */
  groupId: string;
  /** The members concerned: their JID and, when the channel tells, their number's digits. */
  participants: { id: string; number: string | null }[];
  action: 'add' | 'remove' | 'promote' | 'demote';
  /** Who did it (a JID), when the channel tells; a member who joined by link or left is their own author. */
  author: string | null;
};

export type TGatewayEvent =
  /** A customer's message. */
  | { type: 'message'; message: TGatewayMessage }
  /** The delivery status of one of our messages (by the channel's id); `reason` a catalogue code when failed. */
  | { type: 'status'; externalId: string; status: TDeliveryStatus; reason?: string }
  /** A customer's reaction to a message ('' takes it back). */
  | { type: 'reaction'; targetExternalId: string; emoji: string }
  /**
   * A customer edited one of their messages. `at`: when the channel dated the edit (ms since the epoch), so
   * that two changes to one message apply in the order they were made; left out, when it reached us.
   */
  | { type: 'edit'; targetExternalId: string; body: string; at?: number }
  /** A customer deleted one of their messages for everyone (`at` as for an edit). */
  | { type: 'revoke'; targetExternalId: string; at?: number }
  /**
   * The customer changed their number (WhatsApp's notice, already delivered as `noticeExternalId`): their
   * contact takes the new number (E.164 or its digits).
   */
  | { type: 'number-change'; noticeExternalId: string; number: string }
  /**
   * A customer is calling: the host decides (the tenant's `rejectCalls`, or the connection's own setting) whether
   * the provider refuses it, records a refused call in the customer's ticket and answers with the text set.
   */
  | { type: 'call'; call: TGatewayCall }
  /**
   * A delivery the provider could file under no conversation (an SMS event of an unknown shape naming no
   * number): kept raw for the tenant's admins (GET /jobs/failed), never dropped silently.
   */
  | { type: 'unmatched'; channel: string; body: unknown }
  /** Earlier messages of conversations, as a history request brought them (ours among them). */
  | { type: 'history'; messages: TGatewayHistoryMessage[] }
  /** Group members changed (the group tools greet, say goodbye and keep banned numbers out). */
  | { type: 'group-participants'; change: TGatewayGroupParticipants }
  /** The session's state changed: connected (as which number), a QR code to scan, down and why. */
  | { type: 'connection'; change: TGatewayConnectionChange };

/** A connection as the host needs it: whose it is. */
export type TConnectionRef = { tenantId: number; id: number };
