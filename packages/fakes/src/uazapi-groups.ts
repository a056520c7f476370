import type { ServerResponse } from 'node:http';
import { chatOf, json, type TUazapiInstance, uazapiError } from './uazapi-protocol.js';
import type { TUazapiWorld } from './uazapi-world.js';
import {
  groupsOfNumber,
  isMe,
  isMemberAction,
  memberStatus,
  type TWhatsAppGroup,
  WhatsAppRefusal,
} from './whatsapp-groups.js';
import { whatsmeowGroupInfo } from './whatsmeow-groups.js';

// The fake uazapi server's group routes (its OpenAPI, tag "Grupos e Comunidades": /group/list, /group/info,
// /group/create, /group/updateName|updateDescription|updateAnnounce|updateImage|updateParticipants) and
// /message/delete, over the groups WhatsApp holds (`world.groups`), answered as documented.

type TInput = Record<string, unknown>;

/** The number's phone JID while the instance is connected. */
const numberOf = (instance: TUazapiInstance) =>
  instance.status === 'connected' ? `${instance.owner}@s.whatsapp.net` : null;

/** A group as uazapi answers it: whatsmeow's GroupInfo, plus whether our number may write and is admin. */
const groupOf = (group: TWhatsAppGroup, me: string | null) => {
  const mine = group.participants.find((member) => isMe(member, me));
  return {
    ...whatsmeowGroupInfo(group),
    OwnerIsAdmin: Boolean(mine?.admin),
    OwnerCanSendMessage: Boolean(mine) && (!group.announce || Boolean(mine?.admin)),
  };
};

/** WhatsApp's refusal with uazapi's documented statuses: 403 not admin, 404 no such group. */
const refused = (res: ServerResponse, error: WhatsAppRefusal) => {
  if (error.message === 'Connection Closed') return uazapiError(res, 401, 'No session');
  if (error.message === 'forbidden') return uazapiError(res, 403, 'User is not an admin of this group');
  return uazapiError(res, 404, 'Group not found');
};

const text = (input: TInput, name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');

/** Answers the call, or returns false when the path is not one of these. */
export const createUazapiGroups = (world: TUazapiWorld) => {
  /** A change an admin made: uazapi answers its words and the group as it is now. */
  const changed = (res: ServerResponse, group: TWhatsAppGroup, me: string | null, response: string) =>
    json(res, 200, { response, group: groupOf(group, me) });

  const deleteMessage = (res: ServerResponse, instance: TUazapiInstance, input: TInput) => {
    const id = text(input, 'id').split(':').pop() ?? '';
    if (!id) return uazapiError(res, 400, 'invalid payload');
    const stored = instance.messages.get(id);
    if (!stored) return uazapiError(res, 404, 'message not found');
    // Another member's message in a group: only admins may delete it.
    if (stored.chatid.endsWith('@g.us') && !stored.fromMe)
      groupsOfNumber(world.groups, numberOf(instance)).asAdmin(stored.chatid);
    world.revoked.push({ instance: instance.name, chatid: stored.chatid, id, sender: stored.sender });
    return json(res, 200, { timestamp: new Date().toISOString(), id: `${instance.owner}:${id}` });
  };

  const answer = (key: string, res: ServerResponse, instance: TUazapiInstance, input: TInput) => {
    const me = numberOf(instance);
    const whatsapp = groupsOfNumber(world.groups, me);
    const groupjid = text(input, 'groupjid');
    switch (key) {
      case 'GET /group/list':
        if (!me) return uazapiError(res, 401, 'No session');
        return json(res, 200, { groups: whatsapp.mine().map((group) => groupOf(group, me)) });
      case 'POST /group/info': {
        if (!groupjid) return uazapiError(res, 400, 'Missing groupjid');
        if (!me) return uazapiError(res, 401, 'No session');
        // A group the number is not in is one uazapi does not know.
        const group = whatsapp.mine().find((item) => item.id === groupjid);
        if (!group) return uazapiError(res, 404, 'Group not found');
        // `getInviteLink`: WhatsApp is asked for the link too (it tells admins only).
        const link = input.getInviteLink === true ? `https://chat.whatsapp.com/${whatsapp.inviteCode(groupjid)}` : '';
        return json(res, 200, { ...groupOf(group, me), invite_link: link });
      }
      case 'POST /group/create': {
        const members = Array.isArray(input.participants) ? input.participants.map((item) => chatOf(String(item))) : [];
        if (!text(input, 'name') || members.length === 0 || members.some((member) => !member))
          return uazapiError(res, 400, 'Could not parse phone');
        return json(res, 200, groupOf(whatsapp.create(text(input, 'name'), members as string[]), me));
      }
      case 'POST /group/updateName':
        if (!groupjid || !text(input, 'name')) return uazapiError(res, 400, 'Invalid payload');
        return changed(
          res,
          Object.assign(whatsapp.asAdmin(groupjid), { subject: text(input, 'name') }),
          me,
          'Group name updated successfully',
        );
      case 'POST /group/updateDescription':
        if (!groupjid || typeof input.description !== 'string') return uazapiError(res, 400, 'Invalid payload');
        return changed(
          res,
          Object.assign(whatsapp.asAdmin(groupjid), { desc: input.description || null }),
          me,
          'Group description updated successfully',
        );
      case 'POST /group/updateAnnounce':
        if (!groupjid || typeof input.announce !== 'boolean') return uazapiError(res, 400, 'Invalid payload');
        return changed(
          res,
          Object.assign(whatsapp.asAdmin(groupjid), { announce: input.announce }),
          me,
          `Group announce ${input.announce ? 'enabled' : 'disabled'} successfully`,
        );
      case 'POST /group/updateImage': {
        const image = text(input, 'image');
        if (!groupjid || !image) return uazapiError(res, 400, 'Invalid payload');
        const bytes = Buffer.from(image.replace(/^data:[^,]*,/, ''), 'base64');
        // WhatsApp takes a JPEG only.
        if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return uazapiError(res, 415, 'Invalid image format');
        return changed(
          res,
          Object.assign(whatsapp.asAdmin(groupjid), { picture: bytes }),
          me,
          'Group image updated successfully',
        );
      }
      case 'POST /group/updateParticipants': {
        const action = input.action;
        const members = Array.isArray(input.participants) ? input.participants.map((item) => chatOf(String(item))) : [];
        if (!groupjid || !isMemberAction(action) || members.length === 0 || members.some((member) => !member))
          return uazapiError(res, 400, 'Invalid payload');
        const group = whatsapp.asAdmin(groupjid);
        const groupUpdated = (members as string[]).map((jid) => {
          const status = memberStatus(group, jid, action);
          return { JID: jid, Error: status === '200' ? 0 : Number(status) };
        });
        return json(res, 200, { groupUpdated, group: groupOf(group, me) });
      }
      case 'POST /message/delete':
        return deleteMessage(res, instance, input);
      default:
        return false;
    }
  };

  return (key: string, res: ServerResponse, instance: TUazapiInstance, input: TInput) => {
    try {
      return answer(key, res, instance, input) !== false;
    } catch (error) {
      if (!(error instanceof WhatsAppRefusal)) throw error;
      refused(res, error);
      return true;
    }
  };
};
