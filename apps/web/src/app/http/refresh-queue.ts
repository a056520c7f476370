import { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig, isAxiosError } from 'axios';

/** Request config as the refresh logic marks it: a request is replayed at most once. */
export type TReplayableConfig = InternalAxiosRequestConfig & { replayed?: boolean };

export type TRefreshQueue = {
  /** New token from the single refresh in flight, starting one if none is. */
  refreshToken: () => Promise<string>;
};

/**
 * Single-flight token refresh: however many requests fail at once, one refresh call runs and all of them
 * wait for it. `onFailure` runs once per failed refresh, not once per waiting request.
 */
export const createRefreshQueue = (
  refresh: () => Promise<string>,
  onFailure: (error: unknown) => void,
): TRefreshQueue => {
  let inFlight: Promise<string> | null = null;
  return {
    refreshToken: () => {
      if (!inFlight) {
        inFlight = refresh()
          .catch((error: unknown) => {
            onFailure(error);
            throw error;
          })
          .finally(() => {
            inFlight = null;
          });
      }
      return inFlight;
    },
  };
};

export type TAuthRefreshOptions = {
  /** Calls that must never trigger a refresh (login, refresh, logout...). */
  isAuthCall: (url: string | undefined) => boolean;
  /** Current token, to replay without refreshing when another request already refreshed it. */
  getToken: () => string | null;
  /** Performs the refresh call, stores the new token and returns it. */
  refresh: () => Promise<string>;
  onRefreshFailed: (error: unknown) => void;
};

const bearerOf = (config: InternalAxiosRequestConfig): string | null => {
  const header = config.headers?.get?.('Authorization') ?? config.headers?.Authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
};

export const isRefreshableFailure = (error: unknown, isAuthCall: (url: string | undefined) => boolean): boolean => {
  if (!isAxiosError(error) || !error.config) return false;
  const status = error.response?.status;
  const config = error.config as TReplayableConfig;
  return (status === 401 || status === 403) && !config.replayed && !isAuthCall(config.url);
};

/**
 * On 401/403 (outside auth calls) refresh the token once and replay the request with it.
 * A replayed request that fails again is a real failure (a 403 then means "no permission").
 */
export const attachAuthRefresh = (instance: AxiosInstance, options: TAuthRefreshOptions): TRefreshQueue => {
  const queue = createRefreshQueue(options.refresh, options.onRefreshFailed);
  instance.interceptors.response.use(undefined, async (error: AxiosError) => {
    if (!isRefreshableFailure(error, options.isAuthCall)) throw error;
    const config = error.config as TReplayableConfig;
    const current = options.getToken();
    const sentWith = bearerOf(config);
    // Someone refreshed while this request was on the wire: replay with the newer token, no second refresh.
    const token = current && sentWith && current !== sentWith ? current : await queue.refreshToken().catch(() => null);
    if (!token) throw error;
    config.replayed = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return instance.request(config);
  });
  return queue;
};
