import { parseWhatsappJid } from '@prosa/contracts';

/** Who wrote a message, as we take them: their phone when uazapi knows it, else their LID. */
export type TUazapiSender = { kind: 'phone' | 'lid'; value: string; lid?: string };

/** Where a message was written: a person's own chat, or a group (its JID's digits) and the member in it. */
export type TUazapiSource = { from: TUazapiSender; group: { id: string; participant: string } | null };

type TMessageJids = {
  chatid?: string | null;
  sender?: string | null;
  sender_pn?: string | null;
  sender_lid?: string | null;
  isGroup?: boolean | null;
};

const bareJid = (kind: 'phone' | 'lid', id: string) => `${id}@${kind === 'lid' ? 'lid' : 's.whatsapp.net'}`;

/**
 * The source of a uazapi `messages` payload. The person is their phone when uazapi knows it (`sender_pn`, also
 * for a LID chat) with their LID beside, else the LID. In a group, `chatid` is the group and `sender` the member
 * (a LID in LID groups): the member stays named by that JID, as the group's member list names them.
 */
export const uazapiSourceOf = (message: TMessageJids): TUazapiSource | null => {
  const chat = parseWhatsappJid(message.chatid ?? '');
  const inGroup = chat?.kind === 'group';
  if (message.isGroup && !inGroup) return null;
  const jids = [message.sender_pn, inGroup ? null : message.chatid, message.sender, message.sender_lid]
    .map((jid) => parseWhatsappJid(jid ?? ''))
    .filter((jid) => jid !== null);
  if (jids.some((jid) => jid.kind === 'group')) return null;
  const phone = jids.find((jid) => jid.kind === 'phone')?.id;
  const lid = jids.find((jid) => jid.kind === 'lid')?.id;
  const from: TUazapiSender | null = phone
    ? { kind: 'phone', value: phone, ...(lid ? { lid } : {}) }
    : lid
      ? { kind: 'lid', value: lid }
      : null;
  if (!from || !inGroup) return from && { from, group: null };
  for (const jid of [message.sender, message.sender_lid, message.sender_pn]) {
    const member = parseWhatsappJid(jid ?? '');
    if (member && member.kind !== 'group')
      return { from, group: { id: chat.id, participant: bareJid(member.kind, member.id) } };
  }
  return null;
};
