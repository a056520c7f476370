import { parseWhatsappJid } from '@prosa/contracts';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';

/**
 * whatsmeow's `events.GroupInfo` as the gateways built on it post it as JSON (wuzapi's `GroupInfo` webhook,
 * uazapi's `groups`): `{ JID, Sender, SenderPN, Join, Leave, Promote, Demote, ... }`, the lists being members'
 * JIDs (null when empty). uazapi adds `JoinLid` / `LeaveLid` / ... beside them, the same members by their LIDs,
 * in the same order. One event may carry several lists: each becomes its own change. Name, topic and setting
 * changes (the other fields) are not member changes and give none.
 */
const lists = [
  ['Join', 'add'],
  ['Leave', 'remove'],
  ['Promote', 'promote'],
  ['Demote', 'demote'],
] as const;

const jidsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.includes('@')) : [];

/** A member's phone digits: from their JID when it is a phone's, else from the JID beside it when that is one. */
const numberOf = (jid: string, beside: string | undefined) => {
  for (const candidate of [jid, beside]) {
    const parsed = parseWhatsappJid(candidate ?? '');
    if (parsed?.kind === 'phone') return parsed.id;
  }
  return null;
};

export const whatsmeowGroupChanges = (event: unknown): TGatewayGroupParticipants[] => {
  if (!event || typeof event !== 'object') return [];
  const info = event as Record<string, unknown>;
  const groupId = typeof info.JID === 'string' ? info.JID : '';
  if (parseWhatsappJid(groupId)?.kind !== 'group') return [];
  const author = typeof info.Sender === 'string' && info.Sender ? info.Sender : null;
  return lists.flatMap(([list, action]) => {
    const beside = jidsOf(info[`${list}Lid`]);
    const participants = jidsOf(info[list]).map((id, index) => ({ id, number: numberOf(id, beside[index]) }));
    return participants.length > 0 ? [{ groupId, participants, action, author }] : [];
  });
};
