import { z } from 'zod';
import { ZId, ZPageNumber, ZRowId } from './common.js';
import { parsePhone } from './phone.js';

/**
 * WhatsApp group tools (`/grupo/*`, issue 20): per group of one connection (a group lives on one number), a
 * ban list, a word list, a greeting and a farewell, invite links; and the group actions, each answering one
 * result per group. `groupId` is the group's WhatsApp JID (`120363...@g.us`).
 */
export const ZGroupJid = z
  .string()
  .trim()
  .regex(/^[\d-]{5,40}@g\.us$/, 'deve ser o identificador de um grupo do WhatsApp (…@g.us)');

/** The issue of a number the group tools cannot read (the web translates it by this text). */
export const NOT_A_GROUP_NUMBER = 'deve ser um telefone com DDD (e DDI fora do Brasil), de 8 a 15 dígitos';

/**
 * A number as typed ("+55 (11) 98765-4321", "(11) 98765-4321", "5511987654321"): kept as its international
 * digits. Without a country code it is a Brazilian number, as contacts read it (`parsePhone`): "(11) 98765-4321"
 * must not become a +1 number.
 */
export const ZGroupNumber = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = parsePhone(value);
    const digits = parsed.ok ? parsed.e164.slice(1) : '';
    if (digits.length >= 8 && digits.length <= 15) return digits;
    ctx.addIssue({ code: 'custom', message: NOT_A_GROUP_NUMBER });
    return z.NEVER;
  });

/** A message with `{{name}}` (the member) and `{{group}}` (the group's name). */
const ZGroupText = z.string().trim().min(1).max(4096);

const scope = { connectionId: ZRowId, groupId: ZGroupJid };
const partialUpdate = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .partial()
    .refine((body) => Object.keys(body).length > 0, { message: 'empty update' });

/** What a row of every group tool carries. */
const ZGroupToolRow = { id: z.number().int(), connectionId: z.number().int(), groupId: z.string() };

export const ZGroupBan = z.object({ ...ZGroupToolRow, number: z.string() });
export type TGroupBan = z.infer<typeof ZGroupBan>;
export const ZGroupBanBody = z.object({ ...scope, number: ZGroupNumber });
export const ZGroupBanUpdate = partialUpdate({ number: ZGroupNumber });

/** What happens to a member whose message has a banned word (the message is deleted either way). */
export const ZGroupWordAction = z.enum(['warn', 'remove']);
export type TGroupWordAction = z.infer<typeof ZGroupWordAction>;
export const ZGroupWord = z.object({ ...ZGroupToolRow, word: z.string(), action: ZGroupWordAction });
export type TGroupWord = z.infer<typeof ZGroupWord>;
const ZWord = z.string().trim().min(1).max(200);
export const ZGroupWordBody = z.object({ ...scope, word: ZWord, action: ZGroupWordAction.default('warn') });
export const ZGroupWordUpdate = partialUpdate({ word: ZWord, action: ZGroupWordAction });

/** A greeting (sent on join) or farewell (on leave): one per group. */
export const ZGroupGreeting = z.object({ ...ZGroupToolRow, message: z.string() });
export type TGroupGreeting = z.infer<typeof ZGroupGreeting>;
export const ZGroupGreetingBody = z.object({ ...scope, message: ZGroupText });
export const ZGroupGreetingUpdate = partialUpdate({ message: ZGroupText });

export const ZGroupLink = z.object({ ...ZGroupToolRow, name: z.string(), link: z.string() });
export type TGroupLink = z.infer<typeof ZGroupLink>;
const ZInviteLink = z
  .string()
  .trim()
  .regex(/^https:\/\/chat\.whatsapp\.com\/[\w-]+$/, 'deve ser um link de convite (https://chat.whatsapp.com/...)');
const ZLinkName = z.string().trim().min(1).max(200);
export const ZGroupLinkBody = z.object({ ...scope, name: ZLinkName, link: ZInviteLink });
export const ZGroupLinkUpdate = partialUpdate({ name: ZLinkName, link: ZInviteLink });

/** GET of a list: the connection's (or one group's) entries. */
export const ZGroupToolQuery = z.object({ connectionId: ZId.optional(), groupId: ZGroupJid.optional() });

/** The per-group lists by the family's resource names (`/banList`, ...). */
export const groupToolKinds = [
  'banList',
  'wordList',
  'greetingMessage',
  'farewellMessage',
  'groupFarewellPrivateMessage',
  'groupLinkList',
] as const;
export type TGroupToolKind = (typeof groupToolKinds)[number];

/** `DELETE /<list>All/?connectionId=&groupId=`: every entry of one group of one connection. */
export const ZGroupToolAllQuery = z.object({ connectionId: ZId, groupId: ZGroupJid });
export const ZGroupToolAllResult = z.object({ count: z.number().int() });

// --- the logs: what the tools did in a group ---

/** The lists whose tools act (the invite links do nothing by themselves, so they have no log). */
export const groupToolLogKinds = [
  'banList',
  'wordList',
  'greetingMessage',
  'farewellMessage',
  'groupFarewellPrivateMessage',
] as const;
export type TGroupToolLogKind = (typeof groupToolLogKinds)[number];

/**
 * What a tool did: a banned number removed on joining; a message with a banned word deleted and its sender
 * warned or removed; a greeting, farewell or private farewell sent.
 */
export const ZGroupToolLogAction = z.enum([
  'bannedRemoved',
  'wordWarned',
  'wordRemoved',
  'greetingSent',
  'farewellSent',
  'privateFarewellSent',
]);
export type TGroupToolLogAction = z.infer<typeof ZGroupToolLogAction>;

export const GROUP_TOOL_LOGS_PAGE_SIZE = 20;
/** Log entries older than this are pruned every night. */
export const GROUP_TOOL_LOG_KEEP_DAYS = 90;

export const ZGroupToolLogParams = z.object({ groupId: ZGroupJid });
export const ZGroupToolLogQuery = z.object({ connectionId: ZId, pageNumber: ZPageNumber });

/**
 * One thing a tool did in a group, newest first. `members`: whom it concerned (numbers, or the JID of a member
 * known by a LID alone); `detail`: the banned word; `ok` false with `error` (a catalogue code: not admin, the
 * send failed...) when it could not be done; `delivery`: how the message it sent stands, when it sent one.
 */
export const ZGroupToolLog = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  groupId: z.string(),
  tool: z.enum(groupToolLogKinds),
  action: ZGroupToolLogAction,
  members: z.array(z.string()),
  detail: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  delivery: z.enum(['pending', 'sent', 'delivered', 'read', 'failed']).nullable(),
  createdAt: z.string(),
});
export type TGroupToolLog = z.infer<typeof ZGroupToolLog>;
export const ZGroupToolLogList = z.object({
  logs: z.array(ZGroupToolLog),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type TGroupToolLogList = z.infer<typeof ZGroupToolLogList>;

// --- group actions (all POST) ---

/** A group as the connection sees it; `isAdmin`: our number is admin there (most actions need it). */
export const ZGroupInfo = z.object({
  groupId: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  size: z.number().int(),
  isAdmin: z.boolean(),
  adminsOnly: z.boolean(),
});
export type TGroupInfo = z.infer<typeof ZGroupInfo>;

/**
 * A group's member: their WhatsApp id (phone or LID form), their number when WhatsApp tells, admin (`superAdmin`:
 * the group's creator, WhatsApp's "superadmin", who is an admin too), and the name of the tenant's contact with
 * that number (null when there is none, or when its name is only a number).
 */
export const ZGroupMember = z.object({
  id: z.string(),
  number: z.string().nullable(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  name: z.string().nullable(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/** One group's outcome; `error` a catalogue code (ERR_GROUP_NOT_ADMIN where our number is not admin). */
export const ZGroupResult = z.object({ groupId: z.string(), ok: z.boolean(), error: z.string().optional() });
export type TGroupResult = z.infer<typeof ZGroupResult>;
export const ZGroupResults = z.object({ results: z.array(ZGroupResult) });

const MAX_GROUPS = 100;
const ZGroupIds = z.array(ZGroupJid).min(1).max(MAX_GROUPS);
const ZNumbers = z.array(ZGroupNumber).min(1).max(256);

export const ZListGroups = z.object({ connectionId: ZRowId });
export const ZListGroupsResult = z.object({ groups: z.array(ZGroupInfo) });
export const ZGroupById = z.object({ connectionId: ZRowId, groupId: ZGroupJid });
export const ZGroupByIdResult = z.object({ group: ZGroupInfo, participants: z.array(ZGroupMember) });

export const ZCreateGroups = z.object({
  connectionId: ZRowId,
  groups: z
    .array(z.object({ subject: z.string().trim().min(1).max(100), participants: ZNumbers }))
    .min(1)
    .max(MAX_GROUPS),
});
/** A group's invite link (`https://chat.whatsapp.com/<code>`). */
export const groupInviteLink = (code: string) => `https://chat.whatsapp.com/${code}`;

/**
 * Created groups by their subject: the new JID in `groupId` when it worked, and its invite link (null when the
 * provider cannot tell it or did not: the group exists all the same).
 */
export const ZCreateGroupsResult = z.object({
  results: z.array(ZGroupResult.extend({ subject: z.string(), inviteLink: z.string().nullable() })),
});
export type TCreateGroupsResult = z.infer<typeof ZCreateGroupsResult>;

export const ZListParticipants = z.object({ connectionId: ZRowId, groupIds: ZGroupIds });
export const ZListParticipantsResult = z.object({
  results: z.array(ZGroupResult.extend({ participants: z.array(ZGroupMember).optional() })),
});

export const ZChangeDescriptions = z.object({
  connectionId: ZRowId,
  groupIds: ZGroupIds,
  description: z.string().trim().max(2048),
});
export const ZChangeTitles = z.object({
  connectionId: ZRowId,
  groupIds: ZGroupIds,
  title: z.string().trim().min(1).max(100),
});
export const ZSetAdminsOnly = z.object({ connectionId: ZRowId, groupIds: ZGroupIds, adminsOnly: z.boolean() });
/** POST /changePicturesUrl: the image at `url` (http or https; downloaded by the server) as each group's picture. */
export const ZChangePicturesUrl = z.object({
  connectionId: ZRowId,
  groupIds: ZGroupIds,
  url: z.url({ protocol: /^https?$/, error: 'deve ser um endereço http(s) de uma imagem' }).max(2048),
});
/**
 * POST /changePicturesFile (multipart): the fields beside the image in `file`. `groupIds` as a JSON array or
 * separated by commas, `connectionId` as text.
 */
export const ZChangePicturesFileFields = z.object({
  connectionId: z.coerce.number().pipe(ZRowId),
  groupIds: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  }, ZGroupIds),
});
/** The image types a group picture takes (read from the bytes). */
export const GROUP_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** promote, demote, add, remove: the numbers in each group. */
export const ZGroupParticipantsChange = z.object({ connectionId: ZRowId, groupIds: ZGroupIds, numbers: ZNumbers });
/** Per group, and in it per number: WhatsApp answers each member apart (already in, not in the group...). */
export const ZGroupParticipantsChangeResult = z.object({
  results: z.array(
    ZGroupResult.extend({
      members: z.array(z.object({ number: z.string(), ok: z.boolean(), error: z.string().optional() })).optional(),
    }),
  ),
});

/** Fills a greeting's or farewell's `{{name}}` and `{{group}}`. */
export const fillGroupMessage = (message: string, values: { name: string; group: string }) =>
  message.replace(/\{\{\s*(name|group)\s*\}\}/gi, (_, key: string) =>
    key.toLowerCase() === 'name' ? values.name : values.group,
  );

/** A text as the word list compares it: lower case, without accents. */
export const normalizeGroupWord = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
