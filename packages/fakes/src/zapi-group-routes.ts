import type { ServerResponse } from 'node:http';
import { json } from './fake-http.js';
import { groupsOfNumber, memberStatus, type TWhatsAppMemberAction, WhatsAppRefusal } from './whatsapp-groups.js';
import {
  groupChat,
  groupJidOf,
  groupMetadata,
  inviteLink,
  memberJidOf,
  phonesOf,
  pictureOf,
  type TZapiGroup,
  type TZapiRevoked,
  zapiGroupPhone,
} from './zapi-group-protocol.js';
import { type TZapiInstance, zapiError } from './zapi-protocol.js';

// The fake Z-API's group routes (developer.z-api.io "Grupos", and `DELETE /messages`). Z-API documents its
// answers (`{ value: true | false }`, the metadata, the new group's `phone`) but not its refusals: here a group
// the number is not in (or that does not exist) is a 400 "Group not found", a change where the number is not
// admin is WhatsApp's refusal passed on as `{ value: false }`, and deleting a member's message there a 400
// "forbidden". Our own changes are not reported back as notifications (as with the other fakes).

type TRequest = { method: string; path: string; url: URL; input: Record<string, unknown> };

/** The group routes, by method and first path segment. */
const routes = new Set([
  'GET groups',
  'GET group-metadata',
  'GET light-group-metadata',
  'DELETE messages',
  ...[
    'create-group',
    'group-invitation-link',
    'update-group-name',
    'update-group-description',
    'update-group-photo',
    'update-group-settings',
    'add-participant',
    'remove-participant',
    'add-admin',
    'remove-admin',
  ].map((route) => `POST ${route}`),
]);

const memberActions: Record<string, TWhatsAppMemberAction> = {
  'add-participant': 'add',
  'remove-participant': 'remove',
  'add-admin': 'promote',
  'remove-admin': 'demote',
};

const settingFlags = ['adminOnlyMessage', 'adminOnlySettings', 'requireAdminApproval'] as const;

/** WhatsApp's side of one instance's group calls: its number's JID while the session is connected. */
const groupsOfInstance = (groups: Map<string, TZapiGroup>, instance: TZapiInstance) =>
  groupsOfNumber(groups, instance.state === 'connected' && instance.phone ? `${instance.phone}@s.whatsapp.net` : null);

/** Whether WhatsApp lets the call through (it throws its refusal otherwise). */
const tries = (call: () => unknown) => {
  try {
    call();
    return true;
  } catch (error) {
    if (error instanceof WhatsAppRefusal) return false;
    throw error;
  }
};

export const createZapiGroupRoutes = (groups: Map<string, TZapiGroup>, revoked: TZapiRevoked[]) => {
  /** The group a read names, or Z-API's 400 when the number is not in it. */
  const readable = (instance: TZapiInstance, phone: unknown, res: ServerResponse) => {
    try {
      return groupsOfInstance(groups, instance).metadata(groupJidOf(phone) ?? '');
    } catch (error) {
      if (!(error instanceof WhatsAppRefusal)) throw error;
      zapiError(res, 400, 'Group not found');
      return null;
    }
  };

  /** A change only admins may make: WhatsApp's refusal (not admin) is `{ value: false }`. */
  const asAdmin = (
    instance: TZapiInstance,
    groupId: unknown,
    res: ServerResponse,
    change: (group: TZapiGroup) => void,
  ) => {
    if (!readable(instance, groupId, res)) return;
    try {
      change(groupsOfInstance(groups, instance).asAdmin(groupJidOf(groupId) ?? ''));
      return json(res, 200, { value: true });
    } catch (error) {
      if (!(error instanceof WhatsAppRefusal)) throw error;
      return json(res, 200, { value: false });
    }
  };

  const createGroup = (instance: TZapiInstance, input: Record<string, unknown>, res: ServerResponse) => {
    const phones = phonesOf(input.phones);
    if (typeof input.groupName !== 'string' || !input.groupName || !phones || typeof input.autoInvite !== 'boolean')
      return zapiError(res, 400, 'groupName, phones and autoInvite are required');
    // LIDs cannot be added to a new group: Z-API leaves them out and says so (`phonesNotAdded`).
    const lids = phones.filter((phone) => phone.endsWith('@lid'));
    const members = phones.filter((phone) => !lids.includes(phone)).map(memberJidOf);
    const group = groupsOfInstance(groups, instance).create(input.groupName, members);
    return json(res, 200, {
      phone: groupMetadata(group, null).phone,
      phonesNotAdded: lids,
      invitationLink: inviteLink(group),
    });
  };

  const updateSettings = (instance: TZapiInstance, input: Record<string, unknown>, res: ServerResponse) => {
    if (settingFlags.some((flag) => typeof input[flag] !== 'boolean'))
      return zapiError(res, 400, `${settingFlags.join(', ')} are required`);
    return asAdmin(instance, input.phone, res, (group) => {
      group.announce = input.adminOnlyMessage === true;
      group.restrict = input.adminOnlySettings === true;
      group.requireAdminApproval = input.requireAdminApproval === true;
      // Left out: kept as it was (the metadata does not show it, so a client cannot send it back).
      if (typeof input.adminOnlyAddMember === 'boolean') group.adminOnlyAddMember = input.adminOnlyAddMember;
    });
  };

  /** `DELETE /messages?messageId=&phone=&owner=`: for everyone; a member's message in a group, admins only. */
  const deleteMessage = (instance: TZapiInstance, url: URL, res: ServerResponse) => {
    const [messageId, phone, owner] = ['messageId', 'phone', 'owner'].map((name) => url.searchParams.get(name));
    if (!messageId || !phone || (owner !== 'true' && owner !== 'false'))
      return zapiError(res, 400, 'messageId, phone and owner are required');
    const stored = instance.messages.get(messageId);
    if (!stored) return zapiError(res, 400, 'Message not found');
    const member = groupJidOf(phone) !== null && !stored.fromMe;
    if (member && !readable(instance, phone, res)) return;
    const asAdmin = () => groupsOfInstance(groups, instance).asAdmin(groupJidOf(phone) ?? '');
    if (member && !tries(asAdmin)) return zapiError(res, 400, 'forbidden');
    revoked.push({
      instanceId: instance.id,
      messageId,
      phone,
      owner: owner === 'true',
      participant: member ? memberJidOf(stored.phone) : null,
    });
    res.writeHead(204);
    return res.end();
  };

  const respond = async (instance: TZapiInstance, request: TRequest, res: ServerResponse) => {
    const { path, url, input } = request;
    const [route = '', param = ''] = path.split('/');
    if (instance.state !== 'connected') return zapiError(res, 400, 'Instance not connected');
    const action = memberActions[route];
    if (action) {
      const phones = phonesOf(input.phones);
      if (!phones || typeof input.groupId !== 'string') return zapiError(res, 400, 'groupId and phones are required');
      // Z-API answers one `value` for all: each member's own outcome is not passed on.
      return asAdmin(instance, input.groupId, res, (group) => {
        for (const phone of phones) memberStatus(group, memberJidOf(phone), action);
      });
    }
    switch (route) {
      case 'groups': {
        const [page = 0, size = 0] = ['page', 'pageSize'].map((name) => Number(url.searchParams.get(name)));
        if (!(page >= 1 && size >= 1)) return zapiError(res, 400, 'page and pageSize are required');
        const mine = groupsOfInstance(groups, instance).mine();
        return json(res, 200, mine.slice((page - 1) * size, page * size).map(groupChat));
      }
      case 'group-metadata':
      case 'light-group-metadata': {
        const group = readable(instance, decodeURIComponent(param), res);
        if (!group) return;
        const admin = tries(() => groupsOfInstance(groups, instance).asAdmin(group.id));
        return json(res, 200, groupMetadata(group, route === 'group-metadata' && admin ? inviteLink(group) : null));
      }
      case 'group-invitation-link': {
        const group = readable(instance, decodeURIComponent(param), res);
        if (!group) return;
        // NOTE: Z-API documents no refusal here; the fake passes WhatsApp's word on, as for a member's delete.
        if (!tries(() => groupsOfInstance(groups, instance).asAdmin(group.id))) return zapiError(res, 400, 'forbidden');
        return json(res, 200, { phone: zapiGroupPhone(group.id), invitationLink: inviteLink(group) });
      }
      case 'messages':
        return deleteMessage(instance, url, res);
      case 'create-group':
        return createGroup(instance, input, res);
      case 'update-group-name':
        if (typeof input.groupName !== 'string' || !input.groupName)
          return zapiError(res, 400, 'groupName is required');
        return asAdmin(instance, input.groupId, res, (group) => {
          group.subject = String(input.groupName);
        });
      case 'update-group-description':
        if (typeof input.groupDescription !== 'string') return zapiError(res, 400, 'groupDescription is required');
        return asAdmin(instance, input.groupId, res, (group) => {
          group.desc = String(input.groupDescription) || null;
        });
      case 'update-group-photo': {
        const picture = await pictureOf(input.groupPhoto);
        if (!picture) return zapiError(res, 400, 'groupPhoto is required', 'Send a link or a base64 data URL');
        return asAdmin(instance, input.groupId, res, (group) => {
          group.picture = picture;
        });
      }
      default:
        return updateSettings(instance, input, res);
    }
  };

  return {
    /** One request under an instance's root; false when it is not a group route. */
    answer: async (instance: TZapiInstance, request: TRequest, res: ServerResponse) => {
      if (!routes.has(`${request.method} ${request.path.split('/')[0]}`)) return false;
      await respond(instance, request, res);
      return true;
    },
  };
};
