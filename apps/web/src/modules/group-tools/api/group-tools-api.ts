import type {
  TBulkGroupsInput,
  TBulkParticipantsInput,
  TBulkResult,
  TGroupBan,
  TGroupGreeting,
  TGroupInfo,
  TGroupLink,
  TGroupMember,
  TGroupResult,
  TGroupToolLogKind,
  TGroupToolLogList,
  TGroupWord,
  TGroupWordAction,
} from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { bulkFormData, useMassSend } from '../../campaigns/api/bulk-api';

/** The per-group lists of the group tools, each one an endpoint of the same shape (GET/POST, PUT/DELETE /:id). */
export type TGroupToolKind =
  | 'banList'
  | 'wordList'
  | 'greetingMessage'
  | 'farewellMessage'
  | 'groupFarewellPrivateMessage'
  | 'groupLinkList';

/** A row of each list, as the server answers it. */
export type TGroupToolRow = {
  banList: TGroupBan;
  wordList: TGroupWord;
  greetingMessage: TGroupGreeting;
  farewellMessage: TGroupGreeting;
  groupFarewellPrivateMessage: TGroupGreeting;
  groupLinkList: TGroupLink;
};

/** What a row of each list takes (besides its connection and group). */
export type TGroupToolValues = {
  banList: { number: string };
  wordList: { word: string; action: TGroupWordAction };
  greetingMessage: { message: string };
  farewellMessage: { message: string };
  groupFarewellPrivateMessage: { message: string };
  groupLinkList: { name: string; link: string };
};

/** Which group of which connection a list belongs to. */
export type TGroupScope = { connectionId: number; groupId: string };

export const groupToolKeys = {
  groups: (connectionId: number) => ['group-tools', 'groups', connectionId] as const,
  list: (kind: TGroupToolKind, scope: TGroupScope) => ['group-tools', kind, scope.connectionId, scope.groupId] as const,
  logs: (kind: TGroupToolLogKind, scope: TGroupScope, page: number) =>
    ['group-tools', 'logs', kind, scope.connectionId, scope.groupId, page] as const,
  members: (scope: TGroupScope) => ['group-tools', 'members', scope.connectionId, scope.groupId] as const,
};

/** The connection's groups (POST /listGroup: WhatsApp is asked, so it is a POST), with whether our number is admin. */
export const useGroups = (connectionId: number | null) =>
  useQuery({
    queryKey: groupToolKeys.groups(connectionId ?? 0),
    queryFn: async () => (await http.post<{ groups: TGroupInfo[] }>('/listGroup', { connectionId })).data.groups,
    enabled: connectionId !== null,
    staleTime: 60_000,
  });

/**
 * A group's member as POST /listGroupById lists them: their WhatsApp id, their number when WhatsApp tells it,
 * admin or not, the group's creator (`superAdmin`) and the name of the tenant's contact with that number.
 */
export type { TGroupMember };

/** One group (as the connection sees it) and its members: WhatsApp is asked each time the list opens. */
export const useGroupMembers = (scope: TGroupScope | null) =>
  useQuery({
    queryKey: groupToolKeys.members(scope ?? { connectionId: 0, groupId: '' }),
    queryFn: async () =>
      (await http.post<{ group: TGroupInfo; participants: TGroupMember[] }>('/listGroupById', scope)).data,
    enabled: scope !== null,
  });

/** One group's entries of a list. */
export const useGroupToolList = <K extends TGroupToolKind>(kind: K, scope: TGroupScope | null) =>
  useQuery({
    queryKey: groupToolKeys.list(kind, scope ?? { connectionId: 0, groupId: '' }),
    queryFn: async () => (await http.get<TGroupToolRow[K][]>(`/${kind}`, { params: scope ?? undefined })).data,
    enabled: scope !== null,
  });

/** Adds (no id) or changes (id) an entry of a list, then reloads the group's list. */
export const useSaveGroupTool = <K extends TGroupToolKind>(kind: K, scope: TGroupScope | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: TGroupToolValues[K] }) =>
      id === null
        ? (await http.post<TGroupToolRow[K]>(`/${kind}`, { ...scope, ...values })).data
        : (await http.put<TGroupToolRow[K]>(`/${kind}/${id}`, values)).data,
    onSuccess: () => scope && client.invalidateQueries({ queryKey: groupToolKeys.list(kind, scope) }),
  });
};

export const useDeleteGroupTool = (kind: TGroupToolKind, scope: TGroupScope | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/${kind}/${id}`);
    },
    onSuccess: () => scope && client.invalidateQueries({ queryKey: groupToolKeys.list(kind, scope) }),
  });
};

/** DELETE /<list>All: every entry of the group goes; answers how many. */
export const useDeleteAllGroupTools = (kind: TGroupToolKind, scope: TGroupScope | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.delete<{ count: number }>(`/${kind}All`, { params: scope })).data.count,
    onSuccess: () => scope && client.invalidateQueries({ queryKey: groupToolKeys.list(kind, scope) }),
  });
};

/** GET /<list>/:groupId/logs: one page of what the list's tool did in the group, newest first. */
export const useGroupToolLogs = (kind: TGroupToolLogKind, scope: TGroupScope | null, page: number) =>
  useQuery({
    queryKey: groupToolKeys.logs(kind, scope ?? { connectionId: 0, groupId: '' }, page),
    queryFn: async () =>
      (
        await http.get<TGroupToolLogList>(`/${kind}/${encodeURIComponent(scope?.groupId ?? '')}/logs`, {
          params: { connectionId: scope?.connectionId, pageNumber: page },
        })
      ).data,
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });

/** A group action's answer: one result per group (per member too, for the participant changes). */
export type TGroupActionResult = TGroupResult & {
  subject?: string;
  /** A created group's invite link (null when the provider did not tell it). */
  inviteLink?: string | null;
  members?: { number: string; ok: boolean; error?: string }[];
};

/** The group actions (all POST), by their endpoint. */
export type TGroupActionPath =
  | '/changeTitles'
  | '/changeDescriptions'
  | '/setAdminsOnlyForGroups'
  | '/addParticipantsToGroups'
  | '/removeParticipantsFromGroups'
  | '/promoteParticipantsInGroups'
  | '/demoteParticipantsInGroups'
  | '/changePicturesUrl'
  | '/changePicturesFile'
  | '/createGroups';

/** A multipart action's form with the connection's field added (`/changePicturesFile`). */
const withConnection = (form: FormData, connectionId: number | null) => {
  form.set('connectionId', String(connectionId ?? ''));
  return form;
};

/** Runs a group action; the groups' list is asked again afterwards (titles, admins-only, new groups change it). */
export const useGroupAction = (connectionId: number | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: TGroupActionPath; body: object | FormData }) =>
      (
        await http.post<{ results: TGroupActionResult[] }>(
          path,
          body instanceof FormData ? withConnection(body, connectionId) : { connectionId, ...body },
        )
      ).data.results,
    onSuccess: () =>
      connectionId !== null && client.invalidateQueries({ queryKey: groupToolKeys.groups(connectionId) }),
  });
};

/** What can be done to one member from the group's member list. */
export type TMemberAction = 'promote' | 'demote' | 'remove';

const memberPaths: Record<TMemberAction, TGroupActionPath> = {
  promote: '/promoteParticipantsInGroups',
  demote: '/demoteParticipantsInGroups',
  remove: '/removeParticipantsFromGroups',
};

/** A member's outcome: done, or the catalogue code of why not. */
export type TMemberOutcome = { ok: boolean; error?: string };

/**
 * Promotes, demotes or removes one member of the group (by number) and answers WhatsApp's word on them. A
 * promotion or demotion done is written into the member list at once; a removal leaves the row for its result.
 */
export const useMemberAction = (scope: TGroupScope) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, number }: { action: TMemberAction; number: string }): Promise<TMemberOutcome> => {
      const body = { connectionId: scope.connectionId, groupIds: [scope.groupId], numbers: [number] };
      const [result] = (await http.post<{ results: TGroupActionResult[] }>(memberPaths[action], body)).data.results;
      const member = result?.members?.find((item) => item.number === number);
      if (member) return { ok: member.ok, error: member.error };
      return { ok: result?.ok ?? false, error: result?.error ?? 'ERR_GROUP_ACTION_FAILED' };
    },
    onSuccess: (outcome, { action, number }) => {
      if (!outcome.ok) return;
      if (action === 'remove') return client.invalidateQueries({ queryKey: groupToolKeys.groups(scope.connectionId) });
      client.setQueryData<{ group: TGroupInfo; participants: TGroupMember[] }>(groupToolKeys.members(scope), (data) =>
        data
          ? {
              ...data,
              participants: data.participants.map((member) =>
                member.number === number
                  ? { ...member, admin: action === 'promote', superAdmin: action === 'promote' && member.superAdmin }
                  : member,
              ),
            }
          : data,
      );
    },
  });
};

/** The group mass sends: to the groups themselves, or to their members one by one. */
export type TGroupBulkKind = 'grupos' | 'grupos-mencao' | 'participantes';

export const groupBulkPath = (kind: TGroupBulkKind) =>
  kind === 'participantes' ? '/bulkGroupParticipants' : '/bulkGroups';

/** POST /bulkGroups or /bulkGroupParticipants; with a file, multipart (the fields as JSON in `data`). */
export const useGroupBulkSend = (kind: TGroupBulkKind) =>
  useMassSend<TBulkGroupsInput | TBulkParticipantsInput>(async (input, file) => {
    const body = file ? bulkFormData(input, file) : input;
    return (await http.post<TBulkResult>(groupBulkPath(kind), body)).data;
  });
