import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../../app/session/storage';
import {
  defaultAttendanceFilter,
  loadAttendanceFilter,
  parseAttendanceFilter,
  saveAttendanceFilter,
  toListParams,
  toVisibilityFilter,
} from './attendance-filter';
import { reloadAttendanceFilter, useAttendanceStore } from './attendance-store';

const stored = () => JSON.parse(localStorage.getItem(storageKeys.filtrosAtendimento) ?? 'null');

describe('attendance filter persistence (localStorage filtrosAtendimento)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('defaults to the spec: open and pending, page 1, tickets without queue included', () => {
    expect(loadAttendanceFilter()).toEqual(defaultAttendanceFilter());
    expect(defaultAttendanceFilter()).toMatchObject({
      status: ['open', 'pending'],
      pageNumber: 1,
      includeNotQueueDefined: true,
      showAll: false,
      queuesIds: [],
    });
  });

  it('saves JSON under filtrosAtendimento and reads it back', () => {
    const filter = {
      ...defaultAttendanceFilter(),
      queuesIds: [3, 1],
      withUnreadMessages: true,
      isNotAssignedUser: true,
      includeNotQueueDefined: false,
      showAll: true,
    };
    saveAttendanceFilter(filter);
    expect(stored()).toMatchObject({ queuesIds: [3, 1], withUnreadMessages: true, includeNotQueueDefined: false });
    expect(loadAttendanceFilter()).toEqual(filter);
  });

  it('does not keep the search text, page or count', () => {
    saveAttendanceFilter({ ...defaultAttendanceFilter(), searchParam: 'maria', pageNumber: 4, count: 120 });
    expect(stored()).toMatchObject({ searchParam: '', pageNumber: 1, count: null });
  });

  it('reads leniently what other clients wrote: strings, {id} objects, unknown keys, bad values', () => {
    const parsed = parseAttendanceFilter({
      status: ['open', 'bogus'],
      queuesIds: ['2', { id: 5 }, 2, -1, 'x'],
      showAll: 'true',
      withUnreadMessages: 'nope',
      includeNotQueueDefined: false,
      somethingElse: 1,
    });
    expect(parsed).toEqual({
      ...defaultAttendanceFilter(),
      status: ['open'],
      queuesIds: [2, 5],
      showAll: true,
      includeNotQueueDefined: false,
    });
  });

  it('falls back to the defaults for missing, broken or non-object values', () => {
    localStorage.setItem(storageKeys.filtrosAtendimento, '{not json');
    expect(loadAttendanceFilter()).toEqual(defaultAttendanceFilter());
    expect(parseAttendanceFilter([1, 2])).toEqual(defaultAttendanceFilter());
    expect(parseAttendanceFilter({ status: [] }).status).toEqual(['open', 'pending']);
  });

  it('the store writes every change through and picks up a filter stored by a new login', () => {
    reloadAttendanceFilter();
    useAttendanceStore.getState().setFilter({ queuesIds: [4] });
    expect(stored().queuesIds).toEqual([4]);
    localStorage.setItem(storageKeys.filtrosAtendimento, JSON.stringify({ queuesIds: [9], withUnreadMessages: true }));
    reloadAttendanceFilter();
    expect(useAttendanceStore.getState().filter).toMatchObject({ queuesIds: [9], withUnreadMessages: true });
  });
});

describe('list query of a tab', () => {
  it('uses the tab as status, trims the search, sorts queues and only lets admins use "Ver todos"', () => {
    const filter = { ...defaultAttendanceFilter(), searchParam: ' ana ', queuesIds: [3, 1], showAll: true };
    expect(toListParams(filter, 'pending', 'admin')).toEqual({
      status: 'pending',
      searchParam: 'ana',
      showAll: true,
      queuesIds: [1, 3],
      withUnreadMessages: false,
      isNotAssignedUser: false,
      includeNotQueueDefined: true,
    });
    expect(toListParams(filter, 'open', 'user').showAll).toBe(false);
    expect(toListParams(filter, 'open', 'supervisor').showAll).toBe(false);
    expect(toListParams(filter, 'open', 'super').showAll).toBe(true);
  });

  it('gives the visibility rules the tab status and the UI filter', () => {
    const params = toListParams(
      { ...defaultAttendanceFilter(), queuesIds: [2], isNotAssignedUser: true },
      'closed',
      'user',
    );
    expect(toVisibilityFilter(params)).toMatchObject({
      status: ['closed'],
      queuesIds: [2],
      isNotAssignedUser: true,
      includeNotQueueDefined: true,
      showAll: false,
    });
  });
});
