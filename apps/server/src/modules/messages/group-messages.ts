import type { TChannelTarget } from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findChannelTarget } from './channel-target.js';
import { sendMessage } from './send-message.js';

type TGroupServices = Parameters<typeof sendMessage>[0] & Pick<TServices, 'db' | 'channels' | 'log'>;

/**
 * A group conversation the agent may see, on a channel that lists its members: the group as its target. Not a
 * group, or a channel without group calls, is a 400 naming `ticketId`; a connection that is down fails fast.
 */
const loadGroup = async (services: TGroupServices, ctx: TRequestContext, ticketId: number): Promise<TChannelTarget> => {
  const { row: ticket } = await withTenant(services.db, ctx.tenantId, (tx) => loadVisibleTicket(tx, ctx, ticketId));
  if (!ticket.isGroup) throw new AppError('ERR_VALIDATION', { field: 'ticketId', detail: 'not a group conversation' });
  const target = await findChannelTarget(services, ctx.tenantId, ticket);
  if (!target || !services.channels.abilities(target.connection.type).groups)
    throw new AppError('ERR_VALIDATION', { field: 'ticketId', detail: 'this channel has no group calls' });
  if (target.connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return target;
};

const participantsOf = async (services: TGroupServices, ctx: TRequestContext, ticketId: number) => {
  const target = await loadGroup(services, ctx, ticketId);
  try {
    return (await services.channels.groupMembers(target)) ?? [];
  } catch (err) {
    if (err instanceof AppError) throw err;
    services.log.warn({ err, ticketId }, 'group members not listed');
    throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  }
};

/** POST /messages/listParticipants: who is in the group (numbers when WhatsApp tells, admins marked). */
export const listGroupParticipants = async (services: TGroupServices, ctx: TRequestContext, ticketId: number) => ({
  participants: await participantsOf(services, ctx, ticketId),
});

/** A member as WhatsApp addresses a mention: a number becomes its phone JID; a JID from the list stays. */
const memberJid = (member: string) => (member.includes('@') ? member : `${member.replace(/\D/g, '')}@s.whatsapp.net`);

/** How a mention reads in the text: `@` and the JID's user part. */
const mentionTag = (jid: string) => `@${jid.split('@')[0]}`;

/** POST /messages/mentionMessage: the agent's text, mentioning the members named (as typed in the text or not). */
export const sendMentionMessage = async (
  services: TGroupServices,
  ctx: TRequestContext,
  input: { ticketId: number; body: string; mentions: string[] },
) => {
  await loadGroup(services, ctx, input.ticketId);
  return sendMessage(services, ctx, input.ticketId, { body: input.body, mentions: input.mentions.map(memberJid) });
};

/**
 * POST /messages/mentionAllMessage (every member tagged at the end of the text) and /messages/ghostMessage
 * (every member notified, the text unchanged: a hidden mention).
 */
export const sendToEveryMember = async (
  services: TGroupServices,
  ctx: TRequestContext,
  input: { ticketId: number; body: string },
  visible: boolean,
) => {
  const members = (await participantsOf(services, ctx, input.ticketId)).map((member) => member.id);
  if (members.length === 0)
    throw new AppError('ERR_VALIDATION', { field: 'ticketId', detail: 'the group has no members' });
  const body = visible ? `${input.body}\n\n${members.map(mentionTag).join(' ')}` : input.body;
  return sendMessage(services, ctx, input.ticketId, { body, mentions: members });
};
