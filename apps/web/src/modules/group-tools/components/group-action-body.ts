import {
  ZChangeDescriptions,
  ZChangePicturesUrl,
  ZChangeTitles,
  ZCreateGroups,
  ZGroupParticipantsChange,
  ZSetAdminsOnly,
} from '@prosa/contracts';
import type { TSafeParseSchema } from '../../../ui/zod-form';
import type { TGroupActionPath } from '../api/group-tools-api';
import { groupTitles, type TTitlesFields } from '../group-titles';
import { splitNumbers } from '../numbers-file';
import type { TPictureFields } from './group-picture-fields';

export const actions = [
  'title',
  'description',
  'adminsOnly',
  'picture',
  'add',
  'remove',
  'promote',
  'demote',
  'create',
] as const;
export type TActionName = (typeof actions)[number];

export const paths: Record<TActionName, TGroupActionPath> = {
  title: '/changeTitles',
  description: '/changeDescriptions',
  adminsOnly: '/setAdminsOnlyForGroups',
  add: '/addParticipantsToGroups',
  remove: '/removeParticipantsFromGroups',
  promote: '/promoteParticipantsInGroups',
  demote: '/demoteParticipantsInGroups',
  picture: '/changePicturesUrl',
  create: '/createGroups',
};

/** The actions that take numbers (creating groups takes them too, as each group's members). */
export const takesNumbers = (action: TActionName) =>
  action === 'add' || action === 'remove' || action === 'promote' || action === 'demote' || action === 'create';

/** Every field of every action, kept while the action changes. */
export type TActionFields = {
  title: string;
  description: string;
  adminsOnly: boolean;
  numbers: string;
} & TPictureFields &
  TTitlesFields;

export type TActionErrors = Partial<Record<keyof TActionFields | 'groupIds' | 'connectionId', string>>;

export const emptyActionFields = (): TActionFields => ({
  title: '',
  description: '',
  adminsOnly: true,
  numbers: '',
  pictureFrom: 'url',
  pictureUrl: '',
  pictureFile: null,
  titlesMode: 'list',
  titles: '',
  baseTitle: '',
  count: 2,
});

/** A picture sent as a file checks the groups alone here (the server reads the image). */
const ZPictureGroups = ZChangePicturesUrl.pick({ connectionId: true, groupIds: true });

/** The request body of an action (the connection added on sending), and the contract that checks it. */
export const bodyOf = (
  action: TActionName,
  fields: TActionFields,
  groupIds: string[],
): { schema: TSafeParseSchema; body: object } => {
  const numbers = splitNumbers(fields.numbers);
  switch (action) {
    case 'title':
      return { schema: ZChangeTitles, body: { groupIds, title: fields.title } };
    case 'description':
      return { schema: ZChangeDescriptions, body: { groupIds, description: fields.description } };
    case 'adminsOnly':
      return { schema: ZSetAdminsOnly, body: { groupIds, adminsOnly: fields.adminsOnly } };
    case 'picture':
      return fields.pictureFrom === 'url'
        ? { schema: ZChangePicturesUrl, body: { groupIds, url: fields.pictureUrl.trim() } }
        : { schema: ZPictureGroups, body: { groupIds } };
    case 'create':
      return {
        schema: ZCreateGroups,
        body: { groups: groupTitles(fields).map((subject) => ({ subject, participants: numbers })) },
      };
    default:
      return { schema: ZGroupParticipantsChange, body: { groupIds, numbers } };
  }
};

/** The fields naming the new groups (checked by their own rules before the contract's). */
export const isTitlesField = (field: keyof TActionErrors) =>
  field === 'titles' || field === 'baseTitle' || field === 'count';

/** Where an error of the contract's check shows. */
export const fieldOf = (path: string, fields: TActionFields): keyof TActionErrors => {
  if (/^groups\.\d+\.participants/.test(path) || path.startsWith('numbers')) return 'numbers';
  if (path.startsWith('groups')) return fields.titlesMode === 'list' ? 'titles' : 'baseTitle';
  if (path.startsWith('groupIds')) return 'groupIds';
  if (path === 'url') return 'pictureUrl';
  return path.split('.')[0] as keyof TActionFields;
};
