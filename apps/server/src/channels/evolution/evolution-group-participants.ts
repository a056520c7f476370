import { parseWhatsappJid } from '@prosa/contracts';
import { z } from 'zod';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';

/**
 * Evolution's `group-participants.update` webhook: Baileys' event passed on (`{ id, author, participants,
 * action }`, members as JIDs, or as objects `{ id, phoneNumber }` on Baileys 7), with `participantsData`
 * beside (`{ jid, phoneNumber }`: the phone from the group's member list, or else the JID's user part, which
 * for a LID is not a phone). Sent only while the instance's `groupsIgnore` setting is off.
 */
export type TEvolutionGroupParticipants = { kind: 'group-participants'; change: TGatewayGroupParticipants };

const ZMember = z.union([
  z.string().min(1),
  z.object({ id: z.string().min(1), phoneNumber: z.string().nullish() }).loose(),
]);

const ZUpdate = z
  .object({
    id: z.string().min(1),
    author: z.string().nullish(),
    participants: z.array(ZMember),
    action: z.string(),
    participantsData: z.array(z.object({ jid: z.string(), phoneNumber: z.string().nullish() }).loose()).nullish(),
  })
  .loose();

const actions = ['add', 'remove', 'promote', 'demote'] as const;
const isAction = (action: string): action is (typeof actions)[number] =>
  (actions as readonly string[]).includes(action);

/** A member's phone digits: from a phone JID, or a phone named beside a LID (never the LID's own digits). */
const numberOf = (jid: string, phone: string | null | undefined) => {
  const member = parseWhatsappJid(jid);
  if (member?.kind === 'phone') return member.id;
  if (!phone) return null;
  const beside = parseWhatsappJid(phone.includes('@') ? phone : `${phone}@s.whatsapp.net`);
  if (beside?.kind !== 'phone' || beside.id === member?.id) return null;
  return beside.id;
};

export const parseEvolutionGroupParticipants = (data: unknown): TEvolutionGroupParticipants | null => {
  const parsed = ZUpdate.safeParse(data);
  if (!parsed.success || !isAction(parsed.data.action)) return null;
  if (parseWhatsappJid(parsed.data.id)?.kind !== 'group') return null;
  const resolved = parsed.data.participantsData ?? [];
  const participants = parsed.data.participants.map((member) => {
    const id = typeof member === 'string' ? member : member.id;
    const phone = typeof member === 'string' ? undefined : member.phoneNumber;
    return { id, number: numberOf(id, phone ?? resolved.find((item) => item.jid === id)?.phoneNumber) };
  });
  return {
    kind: 'group-participants',
    change: { groupId: parsed.data.id, participants, action: parsed.data.action, author: parsed.data.author ?? null },
  };
};
