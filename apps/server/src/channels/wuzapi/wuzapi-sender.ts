import { parseWhatsappJid } from '@prosa/contracts';
import { field } from './wuzapi-api.js';

/** Who wrote a message, as we take them: their phone when wuzapi knows it, else their LID. */
export type TWuzapiSender = { kind: 'phone' | 'lid'; value: string; lid?: string };

/** Where a message was written: a person's own chat, or a group (its JID's digits) and the member in it. */
export type TWuzapiSource = { from: TWuzapiSender; group: { id: string; participant: string } | null };

const text = (info: unknown, name: string) => String(field(info, name) ?? '');

/** A person by a JID (a phone's or a LID), their phone taken from the JID beside when the first is a LID. */
const personOf = (jidText: string, altText: string): TWuzapiSender | null => {
  const jid = parseWhatsappJid(jidText);
  if (!jid || jid.kind === 'group') return null;
  if (jid.kind === 'phone') return { kind: 'phone', value: jid.id };
  const alt = parseWhatsappJid(altText);
  return alt?.kind === 'phone' ? { kind: 'phone', value: alt.id, lid: jid.id } : { kind: 'lid', value: jid.id };
};

/**
 * The source of whatsmeow's `MessageInfo` as wuzapi marshals it: in a person's chat, `Chat` is them (a LID chat
 * gives the phone as `SenderAlt`); in a group, `Chat` is the group and `Sender` the member (a LID in LID groups,
 * the phone as `SenderAlt`). The member stays named by their JID without the device (`5511…:3@…` is `5511…@…`),
 * as the group's member list names them.
 */
export const wuzapiSourceOf = (info: unknown): TWuzapiSource | null => {
  const chat = parseWhatsappJid(text(info, 'Chat'));
  if (chat?.kind !== 'group') {
    const from = personOf(text(info, 'Chat'), text(info, 'SenderAlt'));
    return from && { from, group: null };
  }
  const member = parseWhatsappJid(text(info, 'Sender'));
  const from = personOf(text(info, 'Sender'), text(info, 'SenderAlt'));
  if (!member || !from) return null;
  const participant = `${member.id}@${member.kind === 'lid' ? 'lid' : 's.whatsapp.net'}`;
  return { from, group: { id: chat.id, participant } };
};
