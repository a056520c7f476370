import { type TWebchatMessage, webchatSocket } from '@prosa/contracts';
import { io, type Socket } from 'socket.io-client';

/** The visitor's side of the web chat: plain fetch (no staff session), its own socket namespace. */
export type TWebchatInfo = {
  name: string;
  greetingMessage: string | null;
  appName: string;
  primaryColor: string;
  maxFileBytes: number;
};

export class WebchatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const call = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
  const { token, ...rest } = init;
  const res = await fetch(path, {
    ...rest,
    headers: {
      // A FormData body gets its multipart boundary from the browser.
      ...(rest.body && !(rest.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new WebchatError(res.status, body.error ?? `HTTP_${res.status}`);
  return body as T;
};

const base = (channel: string) => `/public/webchat/${encodeURIComponent(channel)}`;

export const fetchWebchatInfo = (channel: string) => call<TWebchatInfo>(base(channel));

export const startVisitorSession = (channel: string, visitor: { name: string; phone?: string; email?: string }) =>
  call<{ token: string }>(`${base(channel)}/session`, { method: 'POST', body: JSON.stringify(visitor) });

export const fetchConversation = async (channel: string, token: string) =>
  (await call<{ messages: TWebchatMessage[] }>(`${base(channel)}/messages`, { token })).messages;

export const sendVisitorMessage = (channel: string, token: string, message: { clientId: string; body: string }) =>
  call<TWebchatMessage>(`${base(channel)}/messages`, { method: 'POST', token, body: JSON.stringify(message) });

/** A file from the visitor (one per message); the clientId makes a resend harmless. */
export const sendVisitorFile = (channel: string, token: string, upload: { clientId: string; file: File }) => {
  const form = new FormData();
  form.append('clientId', upload.clientId);
  form.append('file', upload.file, upload.file.name);
  return call<TWebchatMessage>(`${base(channel)}/media`, { method: 'POST', token, body: form });
};

export const connectVisitorSocket = (token: string): Socket =>
  io(`${window.location.origin}${webchatSocket.namespace}`, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    auth: { token },
    forceNew: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });

const storageKey = (channel: string) => `prosa.webchat.${channel}`;

/** The visitor's session survives a reload: the same conversation continues. */
export const loadStoredSession = (channel: string): string | null => {
  try {
    return localStorage.getItem(storageKey(channel));
  } catch {
    return null;
  }
};

export const storeSession = (channel: string, token: string | null) => {
  try {
    if (token) localStorage.setItem(storageKey(channel), token);
    else localStorage.removeItem(storageKey(channel));
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
};
