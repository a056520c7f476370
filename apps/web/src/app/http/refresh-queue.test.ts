import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, sessionEndRedirectDelayMs, type THttpClientDeps } from './client';
import { createRefreshQueue } from './refresh-queue';

type THandler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown };

const bearer = (config: InternalAxiosRequestConfig): string | null => {
  const value = config.headers.get('Authorization');
  return typeof value === 'string' ? value.replace('Bearer ', '') : null;
};

/** A fake server behind axios: answers each request with `handler`, failing non-2xx like the real adapter. */
const fakeServer = (handler: THandler, log: { url?: string; token: string | null }[]) =>
  vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    // The config object is reused on replay: record what was sent at the time it was sent.
    log.push({ url: config.url, token: bearer(config) });
    await new Promise((resolve) => setTimeout(resolve, 1));
    const { status, data = {} } = handler(config);
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
    const valid = config.validateStatus ? config.validateStatus(status) : status < 300;
    if (!valid)
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  });

const setup = (handler: THandler, overrides: Partial<THttpClientDeps> = {}) => {
  let token: string | null = 'old-token';
  const sent: { url?: string; token: string | null }[] = [];
  const adapter = fakeServer(handler, sent);
  const deps = {
    getToken: () => token,
    setToken: vi.fn((next: string) => {
      token = next;
    }),
    clearSession: vi.fn(() => {
      token = null;
    }),
    goToLogin: vi.fn(),
    showWarning: vi.fn(),
    adapter,
    ...overrides,
  } satisfies THttpClientDeps;
  const client = createHttpClient(deps);
  const calls = (url: string) => sent.filter((request) => request.url === url);
  return { client, deps, adapter, calls };
};

describe('createRefreshQueue', () => {
  it('runs one refresh for many callers and reports a failure once', async () => {
    const refresh = vi.fn(async () => Promise.reject(new Error('expired')));
    const onFailure = vi.fn();
    const queue = createRefreshQueue(refresh, onFailure);
    const results = await Promise.allSettled([queue.refreshToken(), queue.refreshToken(), queue.refreshToken()]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});

describe('HTTP client token refresh', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('three concurrent 401s cause exactly one refresh and all three are replayed with the new token', async () => {
    const { client, deps, calls } = setup((config) => {
      if (config.url === '/auth/refresh_token') return { status: 200, data: { token: 'new-token' } };
      return bearer(config) === 'new-token'
        ? { status: 200, data: { url: config.url } }
        : { status: 401, data: { error: 'ERR_SESSION_EXPIRED' } };
    });

    const responses = await Promise.all([client.get('/users/'), client.get('/queue/'), client.get('/tenants/')]);

    expect(responses.map((response) => response.data)).toEqual([
      { url: '/users/' },
      { url: '/queue/' },
      { url: '/tenants/' },
    ]);
    expect(calls('/auth/refresh_token')).toHaveLength(1);
    expect(deps.setToken).toHaveBeenCalledExactlyOnceWith('new-token');
    for (const url of ['/users/', '/queue/', '/tenants/']) {
      expect(calls(url).map((request) => request.token)).toEqual(['old-token', 'new-token']);
    }
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.showWarning).not.toHaveBeenCalled();
  });

  it('a 403 after the replay is a real "no permission": no second refresh, the error reaches the caller', async () => {
    const { client, deps, calls } = setup((config) => {
      if (config.url === '/auth/refresh_token') return { status: 200, data: { token: 'new-token' } };
      return { status: 403, data: { error: 'ERR_NO_PERMISSION' } };
    });

    const failure = await client.get('/tenants/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AxiosError);
    expect((failure as AxiosError).response?.status).toBe(403);
    expect(calls('/tenants/')).toHaveLength(2);
    expect(calls('/auth/refresh_token')).toHaveLength(1);
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('never refreshes for the login, refresh or logout calls', async () => {
    const { client, calls } = setup(() => ({ status: 401, data: { error: 'ERR_INVALID_CREDENTIALS' } }));

    await expect(client.post('/auth/login/', {})).rejects.toBeInstanceOf(AxiosError);
    await expect(client.post('/auth/logout/', {})).rejects.toBeInstanceOf(AxiosError);

    expect(calls('/auth/refresh_token')).toHaveLength(0);
    expect(calls('/auth/login/')).toHaveLength(1);
  });

  it('a failed refresh clears the session and goes to login about 200 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, deps, calls } = setup((config) =>
      config.url === '/auth/refresh_token'
        ? { status: 401, data: { error: 'ERR_INVALID_TOKEN' } }
        : { status: 401, data: { error: 'ERR_SESSION_EXPIRED' } },
    );

    const pending = Promise.allSettled([client.get('/users/'), client.get('/queue/'), client.get('/tenants/')]);
    await vi.runAllTimersAsync();
    const results = await pending;

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(calls('/auth/refresh_token')).toHaveLength(1);
    expect(deps.clearSession).toHaveBeenCalled();
    expect(deps.getToken()).toBeNull();
    expect(deps.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('waits for the redirect delay before going to login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, deps } = setup((config) =>
      config.url === '/auth/refresh_token' ? { status: 401 } : { status: 401, data: { error: 'ERR_SESSION_EXPIRED' } },
    );

    const pending = client.get('/users/').catch(() => undefined);
    // Let the request, the refresh and its failure run (each fake response takes 1 ms).
    await vi.advanceTimersByTimeAsync(5);
    await pending;
    expect(deps.clearSession).toHaveBeenCalled();
    expect(deps.goToLogin).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(sessionEndRedirectDelayMs);
    expect(deps.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('rejects any status outside 2xx except 304', async () => {
    const { client } = setup((config) => ({ status: config.url === '/a' ? 304 : 302 }));
    await expect(client.get('/a')).resolves.toMatchObject({ status: 304 });
    await expect(client.get('/b')).rejects.toBeInstanceOf(AxiosError);
  });

  it('shows a top warning for server failures, translated through the catalogue', async () => {
    const { client, deps } = setup(() => ({ status: 500, data: { error: 'ERR_CREATING_TICKET', message: 'db' } }));
    await expect(client.get('/users/')).rejects.toBeInstanceOf(AxiosError);
    expect(deps.showWarning).toHaveBeenCalledWith('Erro ao criar o atendimento no banco de dados.', expect.any(String));
  });
});
