import { parseWhatsappJid } from '@prosa/contracts';

/**
 * uazapi's `call` webhook: whatsmeow's call event passed on as uazapi does its receipts, `{ type: "CallOffer",
 * event: { From, CallCreator, CallID, Timestamp, Data } }` (the documented `{ event: "call", data }` envelope is
 * flattened to the same). Some servers post a flatter `{ id, from, isVideo }`; it is read too. Only an offer is a
 * call ringing; a call's later states (CallAccept, CallTerminate, ...) change nothing here.
 */
export type TUazapiCall = {
  kind: 'call';
  callId: string;
  /** The caller as `/call/reject` takes it (`number`): a phone's digits, or a LID as its JID. */
  callerNumber: string;
  from: { kind: 'phone' | 'lid'; value: string };
  video: boolean;
  timestamp: number;
};

const offers = new Set(['calloffer', 'calloffernotice', 'offer']);

const stringOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Whether whatsmeow's offer node (`Data`: `{ Tag, Attrs, Content: [nodes] }`) carries a `video` child. */
const hasVideoNode = (node: unknown, depth = 0): boolean => {
  if (depth > 4) return false;
  if (Array.isArray(node)) return node.some((child) => hasVideoNode(child, depth + 1));
  const fields = recordOf(node);
  return fields.Tag === 'video' || (Array.isArray(fields.Content) && hasVideoNode(fields.Content, depth + 1));
};

const millisOf = (value: unknown) => {
  const at = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(String(value ?? ''));
  return Number.isFinite(at) && at > 0 ? at : Date.now();
};

/** A call offer in a flat uazapi delivery (`EventType: "call"`); null for anything else. */
export const parseUazapiCall = (envelope: Record<string, unknown>): TUazapiCall | null => {
  const event = recordOf(envelope.event);
  const kind = stringOf(envelope.type) ?? stringOf(event.Type) ?? stringOf(envelope.status) ?? 'CallOffer';
  if (!offers.has(kind.toLowerCase())) return null;
  const callId = stringOf(event.CallID) ?? stringOf(envelope.id);
  const callerJid = stringOf(event.CallCreator) ?? stringOf(event.From) ?? stringOf(envelope.from);
  const caller = parseWhatsappJid(callerJid ?? '');
  if (!callId || !caller || caller.kind === 'group' || envelope.isGroup === true || stringOf(event.GroupJID))
    return null;
  return {
    kind: 'call',
    callId,
    callerNumber: caller.kind === 'lid' ? `${caller.id}@lid` : caller.id,
    from: { kind: caller.kind, value: caller.id },
    video: envelope.isVideo === true || hasVideoNode(event.Data),
    timestamp: millisOf(event.Timestamp ?? envelope.timestamp),
  };
};
