import { parseWhatsappJid } from '@prosa/contracts';
import type { TGroupMemberAction, TGroupParticipant } from '../types.js';

/**
 * What became of each member of a participants update on wuzapi, which drops WhatsApp's answer for each member
 * (its handler answers only "Group Participants updated successfully"). The group's members before the call
 * tell who needs no change (already in: WhatsApp's 409; not in: its 404), and after it whether the change took
 * (a member who could not be added was refused: 403, their privacy settings). Statuses are WhatsApp's, as
 * `memberResults` reads them.
 */

/** The member a JID names: by the JID itself, or by the phone beside a LID member. */
const findMember = (members: readonly TGroupParticipant[], jid: string) => {
  const phone = parseWhatsappJid(jid);
  const number = phone?.kind === 'phone' ? phone.id : null;
  return members.find((member) => member.id === jid || (number !== null && member.number === number));
};

/** The JIDs that need WhatsApp: those the action changes (the others are answered from the group). */
export const membersToChange = (
  members: readonly TGroupParticipant[],
  participants: readonly string[],
  action: TGroupMemberAction,
) => participants.filter((jid) => (action === 'add') !== Boolean(findMember(members, jid)));

/** Whether the action shows in the group read after it. */
const took = (after: readonly TGroupParticipant[], jid: string, action: TGroupMemberAction) => {
  const member = findMember(after, jid);
  if (action === 'add') return Boolean(member);
  if (action === 'remove') return !member;
  return Boolean(member) && member?.admin === (action === 'promote');
};

/** Each asked member's status: answered from the group before, or by what the group shows after. */
export const memberOutcomes = (
  before: readonly TGroupParticipant[],
  after: readonly TGroupParticipant[],
  participants: readonly string[],
  action: TGroupMemberAction,
) =>
  participants.map((jid) => {
    const inBefore = Boolean(findMember(before, jid));
    if (action === 'add' && inBefore) return { jid, status: '409' };
    if (action !== 'add' && !inBefore) return { jid, status: '404' };
    if (took(after, jid, action)) return { jid, status: '200' };
    return { jid, status: action === 'add' ? '403' : '500' };
  });
