import { parseWhatsappJid } from '@prosa/contracts';
import { z } from 'zod';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';
import { memberOf } from '../shared/whatsapp-groups.js';
import { memberJid } from './zapi-groups-api.js';

/**
 * Members joining or leaving a group, as Z-API reports them: a `ReceivedCallback` of the group's chat (`phone`
 * `<id>-group`, `isGroup`) carrying a `notification` named after WhatsApp's template and the members in
 * `notificationParameters` (a number, or a LID as `…@lid`); `participantPhone` is who did it. Z-API's
 * on-message-received page lists GROUP_PARTICIPANT_ADD, _REMOVE and _LEAVE among its notifications;
 * _INVITE (joined by the group's link), _PROMOTE and _DEMOTE are WhatsApp's names of the same family, which
 * Z-API passes on the same way but does not list.
 */
export type TZapiGroupParticipants = { kind: 'group-participants'; change: TGatewayGroupParticipants };

const actions: Record<string, TGatewayGroupParticipants['action']> = {
  GROUP_PARTICIPANT_ADD: 'add',
  GROUP_PARTICIPANT_INVITE: 'add',
  GROUP_PARTICIPANT_REMOVE: 'remove',
  GROUP_PARTICIPANT_LEAVE: 'remove',
  GROUP_PARTICIPANT_PROMOTE: 'promote',
  GROUP_PARTICIPANT_DEMOTE: 'demote',
};

const ZNotification = z
  .object({
    notification: z.string(),
    notificationParameters: z.array(z.unknown()).nullish(),
    participantPhone: z.string().nullish(),
  })
  .loose();

/** A person's JID from what Z-API names them by; null for anything that is not a number or a LID. */
const personJid = (phone: unknown) => {
  if (typeof phone !== 'string' || !phone) return null;
  const jid = memberJid(phone);
  const kind = parseWhatsappJid(jid)?.kind;
  return kind === 'phone' || kind === 'lid' ? jid : null;
};

/** The members' change a group's notification reports (`groupJid` its chat's group), or null for other ones. */
export const parseZapiGroupParticipants = (groupJid: string, payload: unknown): TZapiGroupParticipants | null => {
  const parsed = ZNotification.safeParse(payload);
  const action = parsed.success ? actions[parsed.data.notification] : undefined;
  if (!parsed.success || !action) return null;
  const participants = (parsed.data.notificationParameters ?? [])
    .map(personJid)
    .filter((jid): jid is string => jid !== null)
    .map((jid) => {
      const { id, number } = memberOf({ id: jid });
      return { id, number };
    });
  if (participants.length === 0) return null;
  const author = personJid(parsed.data.participantPhone);
  return { kind: 'group-participants', change: { groupId: groupJid, participants, action, author } };
};
