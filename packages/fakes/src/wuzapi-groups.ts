import type { ServerResponse } from 'node:http';
import { json } from './fake-http.js';
import { groupsOfNumber, isMemberAction, memberStatus, WhatsAppRefusal } from './whatsapp-groups.js';
import { whatsmeowGroupInfo } from './whatsmeow-groups.js';
import { goField, parsePhone, type TWuzapiUser, wuzapiError, wuzapiOk } from './wuzapi-protocol.js';
import type { TWuzapiState } from './wuzapi-state.js';

// The fake wuzapi server's group routes (asternic/wuzapi's handlers.go: ListGroups, GetGroupInfo,
// GetGroupInviteLink, CreateGroup, SetGroupName, SetGroupTopic, SetGroupAnnounce, SetGroupPhoto,
// UpdateGroupParticipants), over the groups WhatsApp holds (`state.groups`), with wuzapi's checks and answers.

type TInput = Record<string, unknown>;

/**
 * WhatsApp's refusal as wuzapi answers it: its handlers hand `Respond` the words as a plain string, which it
 * cannot read as JSON, so the body says nothing but the status (`{ code: 500, success: true }`).
 */
const wordless500 = (res: ServerResponse) => json(res, 500, { code: 500, success: true });

const text = (input: TInput, name: string) => {
  const value = goField(input, name);
  return typeof value === 'string' ? value : '';
};

/** The number's phone JID once paired (`5511…:12@s.whatsapp.net` is `5511…@s.whatsapp.net`). */
const numberOf = (user: TWuzapiUser) => (user.loggedIn && user.jid ? `${user.jid.split(':')[0]}@s.whatsapp.net` : null);

/** One `/group/...` route of a user (`key`: method and path). */
export const answerGroupRoute = (
  state: TWuzapiState,
  user: TWuzapiUser,
  key: string,
  url: URL,
  input: TInput,
  res: ServerResponse,
) => {
  if (!user.client) return wuzapiError(res, 500, 'no session');
  const whatsapp = groupsOfNumber(state.groups, numberOf(user));
  const jidOf = (given: string) => parsePhone(given);
  const groupJid = key.startsWith('GET') ? (url.searchParams.get('groupJID') ?? '') : text(input, 'GroupJID');
  const group = jidOf(groupJid);
  try {
    switch (key) {
      case 'GET /group/list':
        return wuzapiOk(res, { Groups: whatsapp.mine().map(whatsmeowGroupInfo) });
      case 'GET /group/info':
        if (!groupJid) return wuzapiError(res, 400, 'missing groupJID parameter');
        if (!group) return wuzapiError(res, 400, 'could not parse Group JID');
        return wuzapiOk(res, whatsmeowGroupInfo(whatsapp.metadata(group)));
      case 'GET /group/invitelink':
        if (!groupJid) return wuzapiError(res, 400, 'Missing groupJID parameter');
        if (!group) return wuzapiError(res, 400, 'Could not parse Group JID');
        // whatsmeow's GetGroupInviteLink answers the whole link.
        return wuzapiOk(res, { InviteLink: `https://chat.whatsapp.com/${whatsapp.inviteCode(group)}` });
      case 'POST /group/create': {
        const participants = goField(input, 'participants');
        if (!text(input, 'name')) return wuzapiError(res, 400, 'missing Name in Payload');
        if (!Array.isArray(participants) || participants.length < 1)
          return wuzapiError(res, 400, 'missing Participants in Payload');
        const members = participants.map((item) => jidOf(String(item)));
        if (members.some((member) => !member)) return wuzapiError(res, 400, 'could not parse Participant Phone');
        return wuzapiOk(res, whatsmeowGroupInfo(whatsapp.create(text(input, 'name'), members as string[])));
      }
      default:
        break;
    }
    if (!group) return wuzapiError(res, 400, 'could not parse Group JID');
    switch (key) {
      case 'POST /group/name':
        if (!text(input, 'Name')) return wuzapiError(res, 400, 'missing Name in Payload');
        whatsapp.asAdmin(group).subject = text(input, 'Name');
        return wuzapiOk(res, { Details: 'Group Name set successfully' });
      case 'POST /group/topic':
        if (!text(input, 'Topic')) return wuzapiError(res, 400, 'missing Topic in Payload');
        whatsapp.asAdmin(group).desc = text(input, 'Topic');
        return wuzapiOk(res, { Details: 'Group Topic set successfully' });
      case 'POST /group/announce':
        whatsapp.asAdmin(group).announce = goField(input, 'Announce') === true;
        return wuzapiOk(res, { Details: 'Group Announce set successfully' });
      case 'POST /group/photo': {
        const image = text(input, 'Image');
        if (!image) return wuzapiError(res, 400, 'missing Image in Payload');
        if (!image.startsWith('data:image')) return wuzapiError(res, 400, 'image data should start with "data:image/"');
        const bytes = Buffer.from(image.split(',')[1] ?? '', 'base64');
        // WhatsApp takes JPEGs only: wuzapi checks the magic bytes first.
        if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
          return wuzapiError(
            res,
            400,
            'image must be in JPEG format. WhatsApp only accepts JPEG images for group photos',
          );
        whatsapp.asAdmin(group).picture = bytes;
        return wuzapiOk(res, { Details: 'Group Photo set successfully', PictureID: String(Date.now()) });
      }
      case 'POST /group/updateparticipants': {
        const phones = goField(input, 'Phone');
        const action = text(input, 'Action');
        if (!Array.isArray(phones) || phones.length < 1) return wuzapiError(res, 400, 'missing Phone in Payload');
        const members = phones.map((item) => jidOf(String(item)));
        if (members.some((member) => !member)) return wuzapiError(res, 400, 'could not parse Phone');
        if (!action) return wuzapiError(res, 400, 'missing Action in Payload');
        if (!isMemberAction(action)) return wuzapiError(res, 400, 'invalid Action in Payload');
        const target = whatsapp.asAdmin(group);
        // WhatsApp answers each member; wuzapi drops those answers.
        for (const member of members) memberStatus(target, member as string, action);
        return wuzapiOk(res, { Details: 'Group Participants updated successfully' });
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('404 page not found\n');
    }
  } catch (error) {
    if (error instanceof WhatsAppRefusal) return wordless500(res);
    throw error;
  }
};
