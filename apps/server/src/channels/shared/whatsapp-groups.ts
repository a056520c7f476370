import { parseWhatsappJid } from '@prosa/contracts';
import type { TGroupParticipant } from '../types.js';

/**
 * A member as we list them: their JID, their number when WhatsApp tells (LID groups give it beside), admin, and
 * whether they are the group's creator (WhatsApp's role `superadmin`, an admin too).
 */
export const memberOf = (member: { id: string; phoneNumber?: string | null; admin?: string | null }) => {
  const phoneJid = member.id.endsWith('@s.whatsapp.net') ? member.id : member.phoneNumber;
  return {
    id: member.id,
    number: phoneJid ? (parseWhatsappJid(phoneJid)?.id ?? null) : null,
    admin: Boolean(member.admin),
    superAdmin: member.admin === 'superadmin',
  } satisfies TGroupParticipant;
};

/** WhatsApp's role for a member from a provider's two flags (a superadmin is flagged admin too, or not). */
export const roleOf = (flags: { admin: boolean; superAdmin: boolean }) => {
  if (flags.superAdmin) return 'superadmin';
  return flags.admin ? 'admin' : null;
};

/**
 * The invite code in a provider's answer: an invite link (`https://chat.whatsapp.com/<code>`) or the code alone;
 * null for anything else (none, empty, not a code).
 */
export const inviteCodeOf = (answer: unknown) => {
  const code = typeof answer === 'string' ? answer.trim().replace(/^https:\/\/chat\.whatsapp\.com\//, '') : '';
  return /^[\w-]{6,64}$/.test(code) ? code : null;
};

/** WhatsApp's status for one member of a participants update, as a catalogue code. */
const memberErrors: Record<string, string> = {
  '403': 'ERR_GROUP_MEMBER_REFUSED',
  '404': 'ERR_GROUP_MEMBER_NOT_IN_GROUP',
  '409': 'ERR_GROUP_MEMBER_ALREADY_IN',
};

/**
 * Each asked member's result of a participants update, from WhatsApp's answer (`{jid, status}` per member, as
 * Baileys gives it and Evolution passes it on); a member the answer does not name counts as failed.
 */
export const memberResults = (
  participants: readonly string[],
  outcome: readonly { jid?: string | null; status: string }[],
) =>
  participants.map((id, index) => {
    const status = outcome.find((item) => item.jid === id)?.status ?? outcome[index]?.status ?? '500';
    return status === '200'
      ? { id, ok: true as const }
      : { id, ok: false as const, error: memberErrors[status] ?? 'ERR_GROUP_ACTION_FAILED' };
  });

/** Runs a provider's group call with its refusals turned into catalogue errors (`refusalOf`, per provider). */
export const askingWith =
  (refusalOf: (err: unknown) => unknown) =>
  async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      throw refusalOf(err);
    }
  };
