import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { fetchEveryUser } from './users-api';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('fetchEveryUser', () => {
  it('reads page after page until the last, so a picker lists the whole team', async () => {
    const asked: number[] = [];
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      const page = Number(config.params?.pageNumber);
      asked.push(page);
      const users = [{ id: page, name: `Pessoa ${page}` }];
      return { data: { users, count: 3, hasMore: page < 3 }, status: 200, statusText: '', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    expect((await fetchEveryUser()).map((user) => user.name)).toEqual(['Pessoa 1', 'Pessoa 2', 'Pessoa 3']);
    expect(asked).toEqual([1, 2, 3]);
  });
});
