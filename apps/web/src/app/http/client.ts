import axios, { type AxiosError, type AxiosInstance, isAxiosError } from 'axios';
import { notifyTopWarning } from '../notify';
import { endSession, updateSessionToken } from '../session/session-store';
import { getStoredToken } from '../session/storage';
import { describeApiError, getErrorCode, isTimeoutError, markErrorShown, wasErrorShown } from './errors';
import { attachAuthRefresh } from './refresh-queue';

export const httpTimeoutMs = 20_000;
export const sessionEndRedirectDelayMs = 200;

/** Calls that never trigger a token refresh and whose 401 is the screen's business (spec 4). */
const authCallPattern =
  /^\/?(auth\/(login|refresh_token|logout|signup|masterkey)|password-reset|reset-password)\/?(\?|$)/;
export const isAuthCall = (url: string | undefined): boolean => Boolean(url && authCallPattern.test(url));

export type THttpClientDeps = {
  getToken: () => string | null;
  setToken: (token: string) => void;
  /** Forget every piece of session data. */
  clearSession: () => void;
  /** Go to the login screen (called ~200 ms after the session ended). */
  goToLogin: () => void;
  /** Top warning for server failures. */
  showWarning: (message: string, id?: string) => void;
  adapter?: AxiosInstance['defaults']['adapter'];
};

/** The axios instance, and the single-flight refresh its 401 handling uses (the realtime client shares it). */
export type THttpClient = AxiosInstance & { refreshToken: () => Promise<string> };

/** The axios instance every api/ module uses; dependencies injected so the rules can be unit-tested. */
export const createHttpClient = (deps: THttpClientDeps): THttpClient => {
  const instance = axios.create({
    baseURL: '/',
    timeout: httpTimeoutMs,
    withCredentials: true,
    // Any response not 2xx (except 304) is a failure (spec 5).
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    const token = deps.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  let redirectTimer: ReturnType<typeof setTimeout> | null = null;
  const endSession = (): void => {
    deps.clearSession();
    if (redirectTimer) return;
    redirectTimer = setTimeout(() => {
      redirectTimer = null;
      deps.goToLogin();
    }, sessionEndRedirectDelayMs);
  };

  const refreshQueue = attachAuthRefresh(instance, {
    isAuthCall,
    getToken: deps.getToken,
    refresh: async () => {
      const { data } = await instance.post<{ token: string }>('/auth/refresh_token', {});
      deps.setToken(data.token);
      return data.token;
    },
    onRefreshFailed: endSession,
  });

  instance.interceptors.response.use(undefined, (error: AxiosError) => {
    if (!isAxiosError(error) || wasErrorShown(error)) throw error;
    const status = error.response?.status;
    const authCall = isAuthCall(error.config?.url);
    if (isTimeoutError(error)) {
      deps.showWarning(describeApiError(error), 'http-timeout');
      markErrorShown(error);
    } else if (status === 401 && !authCall) {
      // Refresh already tried (or failed): the session is over.
      deps.showWarning(describeApiError(error), `http-401-${getErrorCode(error) ?? 'none'}`);
      markErrorShown(error);
      endSession();
    } else if (status !== undefined && status >= 500) {
      deps.showWarning(describeApiError(error), `http-500-${getErrorCode(error) ?? 'none'}`);
      markErrorShown(error);
    }
    throw error;
  });

  return Object.assign(instance, { refreshToken: refreshQueue.refreshToken });
};

/** Registered by the app once the router exists (the router imports screens, which import this module). */
let loginNavigator: () => void = () => window.location.assign('/login');
export const setLoginNavigator = (navigate: () => void): void => {
  loginNavigator = navigate;
};

const tokenListeners = new Set<(token: string) => void>();
/** Notified when a refresh stores a new token (the realtime connection reconnects with it). */
export const onTokenRefreshed = (listener: (token: string) => void): (() => void) => {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
};

export const http = createHttpClient({
  getToken: getStoredToken,
  setToken: (token) => {
    updateSessionToken(token);
    for (const listener of tokenListeners) listener(token);
  },
  clearSession: endSession,
  goToLogin: () => loginNavigator(),
  showWarning: notifyTopWarning,
});

/**
 * A new access token from the refresh cookie, or null when the server refuses it (the session has then been
 * ended and the login screen is on its way). One refresh at a time, whoever asks.
 */
export const refreshAccessToken = (): Promise<string | null> => http.refreshToken().catch(() => null);
