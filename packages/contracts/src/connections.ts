import { z } from 'zod';
import { ZRowId } from './common.js';

/** Channel kinds a connection can have; later channels add theirs. */
export const connectionTypes = [
  'webchat',
  'whatsapp',
  'waba',
  'baileys',
  'evolution',
  'telegram',
  'instagram',
  'messenger',
  'zapi',
  'uazapi',
  'wuzapi',
  'sms',
  'hub',
] as const;
export const ZConnectionType = z.enum(connectionTypes);
export type TConnectionType = z.infer<typeof ZConnectionType>;

export const ZConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  queueId: z.number().int().nullable(),
  number: z.string().nullable(),
  /** Why the connection is down (a catalogue code), when the provider said. */
  lastError: z.string().nullable(),
  farewellMessage: z.string().nullable(),
  greetingMessage: z.string().nullable(),
  /** Ask for the rating when one of its tickets closes (domain 5.5; the tenant's `userRating` must be on too). */
  sendEvaluation: z.boolean(),
  /** The chat flow its new tickets enter (null: the tenant's `botTicketActive`, if any). */
  chatFlowId: z.number().int().nullable(),
  /** Public token of the web chat widget or of the inbound webhook URL (admins only). */
  token: z.string().nullable(),
  /**
   * What an admin sees of the channel's own settings (admins only, else null): ids and the webhook's
   * verify token; credentials only as "set" flags, never their values.
   */
  settings: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])).nullable(),
  /** The QR code to scan with WhatsApp (a PNG data URL) while the status is `qrcode` (admins only, else null). */
  qrcode: z.string().nullable(),
  /** The proxy the number goes out through (admins only, else null): the password only as a "set" flag. */
  proxy: z.object({ url: z.string(), username: z.string().nullable(), passwordSet: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TConnection = z.infer<typeof ZConnection>;

const connectionFields = {
  name: z.string().trim().min(1).max(80),
  queueId: ZRowId.nullable(),
  isDefault: z.boolean(),
  farewellMessage: z.string().max(4096).nullable(),
  greetingMessage: z.string().max(4096).nullable(),
  sendEvaluation: z.boolean(),
  chatFlowId: ZRowId.nullable(),
};
const connectionDefaults = {
  ...connectionFields,
  queueId: connectionFields.queueId.default(null),
  isDefault: connectionFields.isDefault.default(false),
  farewellMessage: connectionFields.farewellMessage.default(null),
  greetingMessage: connectionFields.greetingMessage.default(null),
  sendEvaluation: connectionFields.sendEvaluation.default(true),
  chatFlowId: connectionFields.chatFlowId.default(null),
};

/** WhatsApp Cloud API (Meta): the number's and account's ids, a system-user token, the app secret. */
export const ZWabaConfig = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, 'digits'),
  wabaId: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, 'digits'),
  accessToken: z.string().trim().min(20).max(1024),
  /** Signs every webhook Meta sends (X-Hub-Signature-256). */
  appSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'hex32'),
});
export type TWabaConfig = z.infer<typeof ZWabaConfig>;

/**
 * WhatsApp through an Evolution API v2 gateway (a Baileys server the customer runs): where it answers and its
 * global API key (AUTHENTICATION_API_KEY). The server creates the instance and registers its webhook there.
 */
export const ZEvolutionConfig = z.object({
  gatewayUrl: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^https?$/, error: 'url' })),
  apiKey: z.string().trim().min(8).max(256),
});
export type TEvolutionConfig = z.infer<typeof ZEvolutionConfig>;

/**
 * WhatsApp through Baileys (the server itself is the linked device; pairing by QR or pairing code): how
 * calls are handled, since Baileys carries no call audio.
 */
export const ZBaileysConfig = z.object({
  rejectCalls: z.boolean().optional(),
  rejectCallsMessage: z.string().trim().max(1000).nullable().optional(),
});
export type TBaileysConfig = z.infer<typeof ZBaileysConfig>;

/** A Telegram bot: the token @BotFather gives (`<bot id>:<secret>`). The server registers the webhook itself. */
export const ZTelegramConfig = z.object({
  botToken: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{30,}$/, 'botToken'),
});
export type TTelegramConfig = z.infer<typeof ZTelegramConfig>;

const ZGatewayUrl = z
  .string()
  .trim()
  .max(300)
  .pipe(z.url({ protocol: /^https?$/, error: 'url' }));

/**
 * WhatsApp through Z-API (hosted): the instance's id and token (they go in every URL) and the account's
 * security token (header `Client-Token`). The server registers the webhooks itself.
 */
export const ZZapiConfig = z.object({
  instanceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'instanceId'),
  instanceToken: z.string().trim().min(8).max(256),
  clientToken: z.string().trim().min(8).max(256),
});
export type TZapiConfig = z.infer<typeof ZZapiConfig>;

/**
 * WhatsApp through uazapiGO v2: the server's address (`https://<sub>.uazapi.com`) and its admin token; the
 * server creates the instance there (keeping the instance token) and registers the webhook.
 */
export const ZUazapiConfig = z.object({
  uazapiUrl: ZGatewayUrl,
  adminToken: z.string().trim().min(8).max(256),
});
export type TUazapiConfig = z.infer<typeof ZUazapiConfig>;

/**
 * WhatsApp through a wuzapi server (self-hosted): its address and WUZAPI_ADMIN_TOKEN; the server creates
 * the user there (with a token of its own) and sets the webhook.
 */
export const ZWuzapiConfig = z.object({
  wuzapiUrl: ZGatewayUrl,
  wuzapiAdminToken: z.string().trim().min(8).max(256),
});
export type TWuzapiConfig = z.infer<typeof ZWuzapiConfig>;

const ZGraphId = z
  .string()
  .trim()
  .regex(/^\d{5,25}$/, 'digits');
const graphCredentials = {
  pageAccessToken: z.string().trim().min(20).max(1024),
  /** Signs every webhook Meta sends (X-Hub-Signature-256). */
  appSecret: ZWabaConfig.shape.appSecret,
};
/** Instagram Direct through the Graph API: the Instagram account's id, its Page's access token, the app secret. */
export const ZInstagramConfig = z.object({ instagramId: ZGraphId, ...graphCredentials });
export type TInstagramConfig = z.infer<typeof ZInstagramConfig>;
/** Messenger through the Graph API: the Page's id and access token, the app secret. */
export const ZMessengerConfig = z.object({ pageId: ZGraphId, ...graphCredentials });
export type TMessengerConfig = z.infer<typeof ZMessengerConfig>;

/** SMS through an HTTP gateway: where sends are posted, the token they carry, the sender number or name. */
export const ZSmsConfig = z.object({
  smsSendUrl: ZGatewayUrl,
  smsApiToken: z.string().trim().min(8).max(512),
  smsFrom: z.string().trim().min(1).max(40),
});
export type TSmsConfig = z.infer<typeof ZSmsConfig>;

/** NotificaMe Hub: the account's API token, the channel kind and the channel's token on the Hub. */
export const hubChannels = ['whatsapp', 'instagram', 'facebook', 'telegram', 'email', 'webchat'] as const;
export const ZHubConfig = z.object({
  hubApiToken: z.string().trim().min(8).max(512),
  hubChannel: z.enum(hubChannels),
  hubChannelToken: z.string().trim().min(4).max(256),
});
export type THubConfig = z.infer<typeof ZHubConfig>;

// Every channel but the generic WhatsApp placeholder is created here; Baileys pairs by QR code like the gateways.
export const ZConnectionBody = z.discriminatedUnion('type', [
  z.object({ ...connectionDefaults, type: z.literal('webchat') }),
  z.object({ ...connectionDefaults, type: z.literal('waba'), config: ZWabaConfig }),
  z.object({ ...connectionDefaults, type: z.literal('evolution'), config: ZEvolutionConfig }),
  z.object({ ...connectionDefaults, type: z.literal('telegram'), config: ZTelegramConfig }),
  z.object({ ...connectionDefaults, type: z.literal('baileys'), config: ZBaileysConfig.optional() }),
  z.object({ ...connectionDefaults, type: z.literal('zapi'), config: ZZapiConfig }),
  z.object({ ...connectionDefaults, type: z.literal('uazapi'), config: ZUazapiConfig }),
  z.object({ ...connectionDefaults, type: z.literal('wuzapi'), config: ZWuzapiConfig }),
  z.object({ ...connectionDefaults, type: z.literal('instagram'), config: ZInstagramConfig }),
  z.object({ ...connectionDefaults, type: z.literal('messenger'), config: ZMessengerConfig }),
  z.object({ ...connectionDefaults, type: z.literal('sms'), config: ZSmsConfig }),
  z.object({ ...connectionDefaults, type: z.literal('hub'), config: ZHubConfig }),
]);
export type TConnectionBody = z.infer<typeof ZConnectionBody>;
// Built without defaults: a default inside `.partial()` would reset the fields a PUT does not name. The PUT does
// not repeat the type, so `config` takes any channel's fields, each checked by its own rule; the channel keeps
// its own.
const ZConfigUpdate = z.object({
  ...ZWabaConfig.partial().shape,
  ...ZEvolutionConfig.partial().shape,
  ...ZBaileysConfig.shape,
  ...ZTelegramConfig.partial().shape,
  ...ZZapiConfig.partial().shape,
  ...ZUazapiConfig.partial().shape,
  ...ZWuzapiConfig.partial().shape,
  ...ZInstagramConfig.partial().shape,
  ...ZMessengerConfig.partial().shape,
  ...ZSmsConfig.partial().shape,
  ...ZHubConfig.partial().shape,
});
export const ZConnectionUpdate = z
  .object({ ...connectionFields, isActive: z.boolean(), config: ZConfigUpdate })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty update' });
export type TConnectionUpdate = z.infer<typeof ZConnectionUpdate>;

/** POST /whatsappsession/:id/pairing-code: the phone (with country code) that will type the code. */
/**
 * Channels whose WhatsApp number can go out through a proxy of the tenant's (so numbers do not share the
 * server's address): Baileys, whose socket and media go through it, and Evolution, which is told to use it.
 * The hosted gateways (Z-API, uazapi, wuzapi) keep their proxy in their own panel; official APIs need none.
 */
export const proxyChannels = ['baileys', 'evolution'] as const;
export const proxyProtocols = ['http', 'https', 'socks5'] as const;

/** The port written in a URL (`new URL` drops a scheme's default one, as in `http://host:80`), or null. */
const explicitPort = (value: string) => /^[a-z0-9]+:\/\/(?:\[[^\]]*\]|[^/:@]*):(\d{1,5})\/?$/i.exec(value)?.[1] ?? null;

/**
 * A proxy's address as stored and shown: `protocol://host:port`, its port kept even when it is the scheme's
 * default. Null when the value is not `http|https|socks5://host:port` with nothing else (no login, no path).
 */
export const proxyAddressOf = (value: string): string | null => {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  const port = explicitPort(value.trim());
  if (!['http:', 'https:', 'socks5:'].includes(url.protocol) || !port || !url.hostname) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.protocol}//${url.hostname}:${Number(port)}`;
};

/** `http://host:port`, `https://host:port` or `socks5://host:port`; the login goes in its own fields. */
export const ZProxyUrl = z
  .string()
  .trim()
  .max(300)
  .refine((value) => proxyAddressOf(value) !== null, 'proxyUrl');

const ZProxyLogin = {
  username: z.string().trim().max(200).nullable().default(null),
  /** Omitted: the stored password stays (it is never shown back); null: no password. */
  password: z.string().max(200).nullable().optional(),
};

/** PUT /whatsapp/:id/proxy: the connection's proxy, or `url: null` to go direct again. */
export const ZProxyBody = z.object({ url: ZProxyUrl.nullable(), ...ZProxyLogin });
export type TProxyBody = z.input<typeof ZProxyBody>;

/** POST /whatsapp/:id/proxy/test: tries a proxy (the one typed, or the stored one when no url is sent). */
export const ZProxyTestBody = z.object({ url: ZProxyUrl.optional(), ...ZProxyLogin });
export type TProxyTestBody = z.input<typeof ZProxyTestBody>;

/** What a proxy test found: whether WhatsApp's address answered through it, how fast, or why not (a catalogue code). */
export const ZProxyTestResult = z.object({
  ok: z.boolean(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TProxyTestResult = z.infer<typeof ZProxyTestResult>;

export const ZPairingRequest = z.object({
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s()+.-]/g, ''))
    .pipe(z.string().regex(/^\d{10,15}$/, 'phone')),
});
export const ZPairing = z.object({ code: z.string(), connection: ZConnection });
export type TPairingResponse = z.infer<typeof ZPairing>;

/** What the visitor page learns about a web chat (no tenant data beyond its name and greeting). */
export const ZWebchatInfo = z.object({
  name: z.string(),
  greetingMessage: z.string().nullable(),
  appName: z.string(),
  primaryColor: z.string(),
  /** The largest file a visitor may send, in bytes. */
  maxFileBytes: z.number().int(),
});

export const ZWebchatStart = z
  .object({
    name: z.string().trim().min(1).max(80),
    phone: z.string().trim().max(40).optional(),
    email: z.email().max(200).optional(),
  })
  .refine((body) => Boolean(body.phone || body.email), { message: 'phone or email', path: ['phone'] });

export const ZWebchatMessage = z.object({
  id: z.string(),
  fromMe: z.boolean(),
  body: z.string(),
  status: z.string(),
  timestamp: z.number(),
  isDeleted: z.boolean(),
  edition: z.string().nullable(),
  /** A file the agent sent: a capability URL under /media, its kind and name. */
  mediaUrl: z.string().nullable().optional(),
  mediaType: z.string().optional(),
  mediaName: z.string().nullable().optional(),
  /** A chat flow's menu: the options' labels, tapped to answer (the text is in `body` too). */
  choices: z.array(z.string()).optional(),
});
export type TWebchatMessage = z.infer<typeof ZWebchatMessage>;

export const ZWebchatSend = z.object({
  /** The visitor's own id for the message: resending after a network error never duplicates it. */
  clientId: z.string().trim().min(8).max(64),
  body: z.string().trim().min(1).max(4096),
});

/** The text fields beside a visitor's file (multipart `file`): the caption is optional. */
export const ZWebchatSendFile = z.object({
  clientId: ZWebchatSend.shape.clientId,
  body: z.string().trim().max(1024).default(''),
});

/** Socket.IO namespace of web chat visitors and its events. */
export const webchatSocket = {
  namespace: '/webchat',
  message: 'message',
  update: 'message:update',
  typing: 'typing',
  read: 'read',
  /** Server -> visitor: the agent read these messages of the visitor (payload `{ ids: string[] }`). */
  seen: 'message:read',
  /** Server -> visitor: an agent is typing (payload `{ state: 'composing' | 'recording' | 'paused' }`). */
  agentTyping: 'agent:typing',
  /** Server -> visitor: the agent closed the conversation (no payload); the next message starts a new one. */
  ended: 'conversation:ended',
} as const;
