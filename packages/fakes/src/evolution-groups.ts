import type { ServerResponse } from 'node:http';
import { evolutionError, jidOf, type TEvolutionGroup, type TInstance } from './evolution-protocol.js';
import type { TEvolutionState } from './evolution-state.js';
import { json } from './fake-http.js';
import { groupsOfNumber, isMemberAction, memberStatus, WhatsAppRefusal } from './whatsapp-groups.js';

// The fake Evolution gateway's group routes (`/group/<action>/{instance}`, EvolutionAPI's group.router.ts), over
// the groups WhatsApp holds (`state.groups`). Each route answers as Evolution's Baileys service does: the group
// metadata Baileys gives, and WhatsApp's refusals caught and rethrown with the route's own words and status.

/** The route's catch: its status and first words, WhatsApp's refusal after them. */
const failures: Record<string, [number, string]> = {
  create: [500, 'Error creating group'],
  updateGroupSubject: [500, 'Error updating group subject'],
  updateGroupDescription: [500, 'Error updating group description'],
  findGroupInfos: [404, 'Error fetching group'],
  participants: [404, 'No participants'],
  updateParticipant: [400, 'Error updating participants'],
  updateSetting: [400, 'Error updating setting'],
  updateGroupPicture: [500, 'Error update group picture'],
  inviteCode: [404, 'No invite code'],
};

/** class-validator's isBase64 as Evolution uses it: base64 characters, padded to a multiple of four. */
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(text);

/** The picture as Evolution reads `image`: a URL it downloads, or base64 (refused otherwise). */
const pictureOf = async (image: string) => {
  if (/^https?:\/\//.test(image)) {
    const res = await fetch(image);
    if (!res.ok) throw new WhatsAppRefusal(`Request failed with status code ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  return isBase64(image) ? Buffer.from(image, 'base64') : null;
};

/** A group as Baileys' groupMetadata gives it, which Evolution answers as it is (plus the picture). */
export const groupMetadataOf = (group: TEvolutionGroup, withParticipants = true) => ({
  id: group.id,
  subject: group.subject,
  subjectOwner: group.owner ?? undefined,
  subjectTime: group.creation,
  pictureUrl: null,
  size: group.participants.length,
  creation: group.creation,
  owner: group.owner ?? undefined,
  desc: group.desc ?? undefined,
  descId: group.desc ? `DESC${group.creation}` : undefined,
  restrict: group.restrict,
  announce: group.announce,
  isCommunity: false,
  isCommunityAnnounce: false,
  ...(withParticipants ? { participants: group.participants } : {}),
});

/** WhatsApp's side of one instance's group calls: its number while the session is open. */
const whatsapp = (state: TEvolutionState, instance: TInstance) =>
  groupsOfNumber(state.groups, instance.state === 'open' ? instance.wuid : null);

/** `groupJid` from the body or the query, `@g.us` added when left out (Evolution's groupValidate). */
const groupJidOf = (url: URL, input: Record<string, unknown>) => {
  const given =
    typeof input.groupJid === 'string' && input.groupJid ? input.groupJid : url.searchParams.get('groupJid');
  if (!given) return null;
  return given.endsWith('@g.us') ? given : `${given}@g.us`;
};

/** Evolution's participants schema: an array of at least one numeric string of 10 characters or more. */
const numbersOf = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && /\d/.test(item))
    ? (value as string[]).filter((item) => item.length >= 10)
    : null;

const settingChanges: Record<string, Partial<TEvolutionGroup>> = {
  announcement: { announce: true },
  not_announcement: { announce: false },
  locked: { restrict: true },
  unlocked: { restrict: false },
};

/** One group route of an instance (`action` is the path's second part). */
export const answerGroupRoute = async (
  state: TEvolutionState,
  instance: TInstance,
  request: { method: string; action: string; url: URL; input: Record<string, unknown> },
  res: ServerResponse,
) => {
  const { method, action, url, input } = request;
  const phone = whatsapp(state, instance);
  const groupJid = groupJidOf(url, input);
  const needsGroup = action !== 'create' && action !== 'fetchAllGroups';
  if (needsGroup && !groupJid)
    return evolutionError(res, 400, ['The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"']);
  const jid = groupJid ?? '';
  try {
    switch (`${method} ${action}`) {
      case 'POST create': {
        const participants = numbersOf(input.participants);
        if (typeof input.subject !== 'string' || !input.subject || !participants)
          return evolutionError(res, 400, ['"participants" must be an array of numeric strings']);
        // Evolution asks WhatsApp which numbers exist and leaves the others out.
        const members = participants.map(jidOf).filter((member): member is string => member !== null);
        const group = phone.create(input.subject, members, {
          desc: typeof input.description === 'string' && input.description ? input.description : null,
          admins: input.promoteParticipants === true,
        });
        return json(res, 201, groupMetadataOf(group));
      }
      case 'POST updateGroupSubject':
        if (typeof input.subject !== 'string' || !input.subject)
          return evolutionError(res, 400, [{ property: 'subject', message: 'The "subject" cannot be empty' }]);
        phone.asAdmin(jid).subject = input.subject;
        return json(res, 201, { update: 'success' });
      case 'POST updateGroupPicture': {
        if (typeof input.image !== 'string' || !input.image)
          return evolutionError(res, 400, [{ property: 'image', message: 'The "image" cannot be empty' }]);
        const picture = await pictureOf(input.image);
        // Evolution's BadRequestException inside the route's try is caught and rethrown as its 500.
        if (!picture)
          return evolutionError(res, 500, ['Error update group picture', '"profilePicture" must be a url or a base64']);
        phone.asAdmin(jid).picture = picture;
        return json(res, 201, { update: 'success' });
      }
      case 'POST updateGroupDescription':
        if (typeof input.description !== 'string')
          return evolutionError(res, 400, [{ property: 'description', message: 'is not of a type(s) string' }]);
        phone.asAdmin(jid).desc = input.description || null;
        return json(res, 201, { update: 'success' });
      case 'GET inviteCode': {
        const inviteCode = phone.inviteCode(jid);
        return json(res, 200, { inviteUrl: `https://chat.whatsapp.com/${inviteCode}`, inviteCode });
      }
      case 'GET findGroupInfos':
        return json(res, 200, groupMetadataOf(phone.metadata(jid)));
      case 'GET participants':
        return json(res, 200, {
          participants: phone.metadata(jid).participants.map((member) => ({ ...member, name: undefined })),
        });
      case 'GET fetchAllGroups': {
        const getParticipants = url.searchParams.get('getParticipants');
        if (getParticipants !== 'true' && getParticipants !== 'false')
          return evolutionError(res, 400, ['The getParticipants needs to be informed in the query']);
        // No catch on this route: a closed session is Express' plain 500.
        if (instance.state !== 'open') return evolutionError(res, 500, 'Connection Closed');
        const mine = phone.mine();
        return json(
          res,
          200,
          mine.map((group) => groupMetadataOf(group, getParticipants === 'true')),
        );
      }
      case 'POST updateParticipant': {
        const participants = numbersOf(input.participants);
        const action = input.action;
        if (!isMemberAction(action) || !participants)
          return evolutionError(res, 400, [{ property: 'action', message: 'is not one of enum values' }]);
        const group = phone.asAdmin(jid);
        const updateParticipants = participants.map((participant) => {
          const member = jidOf(participant) ?? participant;
          const status = memberStatus(group, member, action);
          const attrs = status === '200' ? { jid: member } : { jid: member, error: status };
          return { status, jid: member, content: { tag: 'participant', attrs } };
        });
        return json(res, 201, { updateParticipants });
      }
      case 'POST updateSetting': {
        const change = settingChanges[String(input.action)];
        if (!change) return evolutionError(res, 400, [{ property: 'action', message: 'is not one of enum values' }]);
        Object.assign(phone.asAdmin(jid), change);
        // Baileys' groupSettingUpdate resolves to nothing: `{ updateSetting: undefined }` as JSON.
        return json(res, 201, {});
      }
      default:
        return evolutionError(res, 404, [`Cannot ${method} ${url.pathname}`]);
    }
  } catch (error) {
    const failure = failures[action];
    if (!(error instanceof WhatsAppRefusal) || !failure) throw error;
    return evolutionError(res, failure[0], [failure[1], error.toString()]);
  }
};
