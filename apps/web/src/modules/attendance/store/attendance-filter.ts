import {
  canShowAll,
  defaultVisibilityFilter,
  type TProfile,
  type TTicketStatus,
  type TVisibilityFilter,
  ticketStatuses,
} from '@prosa/contracts';
import { readStoredJson, storageKeys, writeStoredJson } from '../../../app/session/storage';

/** The attendance filter of spec §3, as kept in localStorage under `filtrosAtendimento` (JSON). */
export type TAttendanceFilter = {
  searchParam: string;
  pageNumber: number;
  status: TTicketStatus[];
  showAll: boolean;
  count: number | null;
  queuesIds: number[];
  whatsappIds: number[];
  selectedUser: number[];
  withUnreadMessages: boolean;
  isNotAssignedUser: boolean;
  includeNotQueueDefined: boolean;
};

/** Spec §3 and §9: status open and pending, page 1, includeNotQueueDefined true. */
export const defaultAttendanceFilter = (): TAttendanceFilter => ({
  searchParam: '',
  pageNumber: 1,
  status: ['open', 'pending'],
  showAll: false,
  count: null,
  queuesIds: [],
  whatsappIds: [],
  selectedUser: [],
  withUnreadMessages: false,
  isNotAssignedUser: false,
  includeNotQueueDefined: true,
});

const isStatus = (value: unknown): value is TTicketStatus =>
  typeof value === 'string' && (ticketStatuses as readonly string[]).includes(value);

const toIds = (value: unknown): number[] => {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  // The family stores queue ids as numbers, sometimes as strings or {id} objects.
  const ids = list
    .map((item) => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item))
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
};

const toBool = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback;

/**
 * Read a stored filter leniently: whatever another client or an older version wrote (partial, wrong types,
 * not JSON at all) becomes a complete filter, unknown keys dropped. The search text and page are not kept.
 */
export const parseAttendanceFilter = (raw: unknown): TAttendanceFilter => {
  const base = defaultAttendanceFilter();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return base;
  const stored = raw as Record<string, unknown>;
  const status = Array.isArray(stored.status) ? stored.status.filter(isStatus) : base.status;
  return {
    ...base,
    status: status.length > 0 ? [...new Set(status)] : base.status,
    showAll: toBool(stored.showAll, base.showAll),
    queuesIds: toIds(stored.queuesIds),
    whatsappIds: toIds(stored.whatsappIds),
    selectedUser: toIds(stored.selectedUser),
    withUnreadMessages: toBool(stored.withUnreadMessages, base.withUnreadMessages),
    isNotAssignedUser: toBool(stored.isNotAssignedUser, base.isNotAssignedUser),
    includeNotQueueDefined: toBool(stored.includeNotQueueDefined, base.includeNotQueueDefined),
  };
};

/** What is written to storage: the whole §3 shape, without the transient search text, page and count. */
export const serializeAttendanceFilter = (filter: TAttendanceFilter): TAttendanceFilter => ({
  ...filter,
  searchParam: '',
  pageNumber: 1,
  count: null,
});

export const loadAttendanceFilter = (): TAttendanceFilter =>
  parseAttendanceFilter(readStoredJson<unknown>(storageKeys.filtrosAtendimento));

export const saveAttendanceFilter = (filter: TAttendanceFilter): void =>
  writeStoredJson(storageKeys.filtrosAtendimento, serializeAttendanceFilter(filter));

/** The query of one tab of the ticket list (GET /tickets); also the list's cache key. */
export type TTicketListParams = {
  status: TTicketStatus;
  searchParam: string;
  showAll: boolean;
  queuesIds: number[];
  withUnreadMessages: boolean;
  isNotAssignedUser: boolean;
  includeNotQueueDefined: boolean;
};

/** "Ver todos" only exists for the profiles allowed to use it (§6). */
export const toListParams = (
  filter: TAttendanceFilter,
  status: TTicketStatus,
  profile: TProfile | null,
): TTicketListParams => ({
  status,
  searchParam: filter.searchParam.trim(),
  showAll: filter.showAll && profile !== null && canShowAll(profile),
  queuesIds: [...filter.queuesIds].sort((a, b) => a - b),
  withUnreadMessages: filter.withUnreadMessages,
  isNotAssignedUser: filter.isNotAssignedUser,
  includeNotQueueDefined: filter.includeNotQueueDefined,
});

/** The part of a list's query the visibility rules read (§5). */
export const toVisibilityFilter = (params: TTicketListParams): TVisibilityFilter => ({
  ...defaultVisibilityFilter,
  status: [params.status],
  showAll: params.showAll,
  queuesIds: params.queuesIds,
  isNotAssignedUser: params.isNotAssignedUser,
  includeNotQueueDefined: params.includeNotQueueDefined,
});
