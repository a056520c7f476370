import type { FormErrors } from '@mantine/form';
import {
  connectionTypes,
  type proxyProtocols,
  type TConnection,
  type TConnectionType,
  ZProxyBody,
} from '@prosa/contracts';
import { i18n } from '../../../app/i18n/i18n';
import { translateIssue } from '../../../ui/zod-form';

export type TProxyProtocol = (typeof proxyProtocols)[number];
export type TStoredProxy = TConnection['proxy'];

/** The "Configurar" form: the address in three fields (so nobody types a login into the URL), then the login. */
export type TProxyFormValues = {
  protocol: TProxyProtocol;
  host: string;
  port: string;
  username: string;
  password: string;
};

/** The body of PUT /whatsapp/:id/proxy and of its test, made from the form. */
export type TProxyFormBody = { url: string; username: string | null; password?: string | null };

/** The port to show when a stored address has none (addresses saved by older servers left the default out). */
const defaultPorts: Record<TProxyProtocol, string> = { http: '80', https: '443', socks5: '1080' };

/** Schemes people paste for a SOCKS5 proxy; the server speaks `socks5`. */
const protocolAliases: Record<string, TProxyProtocol> = {
  http: 'http',
  https: 'https',
  socks5: 'socks5',
  socks5h: 'socks5',
  socks: 'socks5',
};

const emptyValues: TProxyFormValues = { protocol: 'http', host: '', port: '', username: '', password: '' };

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * What a pasted proxy line says: `protocol://[user:pass@]host:port`, `host:port` or the `host:port:user:pass`
 * that proxy sellers hand out. Null when the text is none of these (then it is just typed into the field).
 */
export const parseProxyAddress = (text: string): Partial<TProxyFormValues> | null => {
  const value = text.trim();
  const scheme = /^([a-z0-9]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    const protocol = protocolAliases[scheme];
    if (!protocol) return null;
    let url: URL;
    try {
      // Read under a scheme with no default port, so `http://host:80` keeps its 80.
      url = new URL(`socks5://${value.slice(scheme.length + 3)}`);
    } catch {
      return null;
    }
    if (!url.hostname) return null;
    return {
      protocol,
      host: url.hostname,
      port: url.port,
      ...(url.username ? { username: decode(url.username) } : {}),
      ...(url.password ? { password: decode(url.password) } : {}),
    };
  }
  const plain = /^([^\s:/@[\]]+):(\d{1,5})(?::([^\s:]+):(\S+))?$/.exec(value);
  if (!plain) return null;
  const [, host = '', port = '', username, password] = plain;
  return { host, port, ...(username !== undefined ? { username, password } : {}) };
};

/** The form opened on a connection: its stored proxy's address and login (never the password), or empty. */
export const initialProxyValues = (proxy: TStoredProxy): TProxyFormValues => {
  if (!proxy) return emptyValues;
  const parsed = parseProxyAddress(proxy.url);
  const protocol = parsed?.protocol ?? 'http';
  return {
    protocol,
    host: parsed?.host ?? '',
    port: parsed?.port || defaultPorts[protocol],
    username: proxy.username ?? '',
    password: '',
  };
};

/** `protocol://host:port`, an IPv6 address in brackets. */
export const buildProxyUrl = ({ protocol, host, port }: Pick<TProxyFormValues, 'protocol' | 'host' | 'port'>) => {
  const name = host.trim();
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `${protocol}://${bracketed}:${port.trim()}`;
};

/** Whether an empty password field keeps the stored one: the server keeps it while the username is the same. */
export const keepsStoredPassword = (values: TProxyFormValues, stored: TStoredProxy) =>
  Boolean(stored?.passwordSet) && (stored?.username ?? null) === (values.username.trim() || null);

/** The request body: an empty password field is left out when it keeps the stored one, else it clears it. */
export const toProxyBody = (values: TProxyFormValues, stored: TStoredProxy): TProxyFormBody => {
  const url = buildProxyUrl(values);
  const username = values.username.trim() || null;
  if (values.password) return { url, username, password: values.password };
  if (keepsStoredPassword(values, stored)) return { url, username };
  return { url, username, password: null };
};

/** The form field a server's error names (`url` is the address the three fields make). */
export const proxyFieldOf = (field: string | undefined): 'host' | 'username' | 'password' | null => {
  if (field === 'url') return 'host';
  if (field === 'username' || field === 'password') return field;
  return null;
};

/**
 * Errors per field, before anything is sent: host and port must be there, the port a number from 1 to 65535,
 * then the body goes through the server's own schema (a login or a path typed into the address fails there).
 */
export const validateProxyForm = (values: TProxyFormValues): FormErrors => {
  const errors: FormErrors = {};
  if (!values.host.trim()) errors.host = i18n.t('validation.required');
  const port = values.port.trim();
  if (!port) errors.port = i18n.t('validation.required');
  else if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    errors.port = i18n.t('proxy.invalid.port');
  if (Object.keys(errors).length > 0) return errors;
  const body = toProxyBody(values, null);
  const result = ZProxyBody.safeParse(body);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = proxyFieldOf(typeof key === 'string' ? key : undefined);
    if (!field || field in errors) continue;
    errors[field] =
      field === 'host'
        ? i18n.t('proxy.invalid.host')
        : translateIssue({ ...issue, input: field === 'username' ? body.username : body.password });
  }
  return errors;
};

const isConnectionType = (type: string): type is TConnectionType =>
  (connectionTypes as readonly string[]).includes(type);

/** How a connection's traffic goes out, as far as a proxy is concerned. */
export type TProxyUsage = 'proxy' | 'gateway' | 'officialApi' | 'webchat';

/**
 * Whether a kind of connection takes its proxy here: Baileys and Evolution do; the hosted gateways keep theirs
 * in their own panel; official APIs and the site chat need none.
 */
export const proxyUsageOf = (type: string): TProxyUsage => {
  // A kind this build does not know (a newer server's): it goes out however its provider says.
  if (!isConnectionType(type)) return 'officialApi';
  switch (type) {
    case 'baileys':
    case 'evolution':
      return 'proxy';
    case 'zapi':
    case 'uazapi':
    case 'wuzapi':
      return 'gateway';
    case 'webchat':
      return 'webchat';
    case 'whatsapp':
    case 'waba':
    case 'telegram':
    case 'instagram':
    case 'messenger':
    case 'sms':
    case 'hub':
      return 'officialApi';
    default: {
      const exhaustive: never = type;
      return exhaustive;
    }
  }
};
