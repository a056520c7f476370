import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { readBody, sendBytes, startFakeServer } from './fake-http.js';
import { graphJson as json, sendGraphError, graphVersion as version } from './graph-api.js';
import { metaWebhook } from './meta-cloud.js';

/**
 * A fake Messenger Platform (Meta Graph API) for Instagram Direct and Facebook Messenger on loopback, speaking
 * the documented protocol: Bearer auth, `POST /{version}/{page-id | ig-id}/messages` (messages, attachments
 * by URL that it fetches like Meta does, `reply_to`, sender actions), `GET /{version}/{page-id | ig-id}`,
 * `GET /{version}/{psid | igsid}` (profiles), Graph's error envelope. It also plays Meta's side of the
 * webhooks: signed deliveries (X-Hub-Signature-256) of messages, deliveries, reads and reactions.
 */
export type TFakeGraphAccounts = {
  pageId: string;
  pageName: string;
  instagramId: string;
  instagramUsername: string;
  /** The Page access token, for both (Instagram messaging with Facebook Login uses the Page's token). */
  accessToken: string;
};

/** The accounts the demo mode and the e2e suite use. */
export const demoGraphAccounts: TFakeGraphAccounts = {
  pageId: '330000000000003',
  pageName: 'Loja Exemplo',
  instagramId: '17840000000000004',
  instagramUsername: 'lojaexemplo',
  accessToken: 'EAAGdemoPage00000000000000000000000000000000',
};

export type TGraphChannelKind = 'instagram' | 'messenger';
export type TFakeGraphCustomer = { id: string; name: string; username?: string };
/** A message our server sent, as posted, with the account it went through and the mid it got. */
export type TFakeGraphSend = { accountId: string; mid: string; at: number; body: Record<string, unknown> };

/** The Messenger Platform's errors: an OAuthException for a bad token (190), a GraphMethodException else. */
const graphError = (res: ServerResponse, status: number, code: number, message: string, subcode?: number) =>
  sendGraphError(res, status, {
    code,
    message,
    subcode,
    type: code === 190 ? 'OAuthException' : 'GraphMethodException',
  });

const newMid = (kind: TGraphChannelKind) =>
  kind === 'instagram'
    ? `aWdfZAG1faXRlbToxOklH${randomBytes(12).toString('hex')}`
    : `m_${randomBytes(16).toString('base64url')}`;

/** Meta's side of the Messenger Platform webhooks: the documented envelopes, signed and posted. */
export const graphWebhook = {
  sign: metaWebhook.sign,
  deliver: metaWebhook.deliver,
  verify: metaWebhook.verify,

  envelope: (kind: TGraphChannelKind, accountId: string, messaging: Record<string, unknown>[]) => ({
    object: kind === 'instagram' ? 'instagram' : 'page',
    entry: [{ id: accountId, time: Date.now(), messaging }],
  }),

  /** A customer's message: `message` holds text, attachments (`[{ type, payload: { url } }]`), reply_to. */
  message: (
    kind: TGraphChannelKind,
    accountId: string,
    customerId: string,
    message: Record<string, unknown>,
    options: { mid?: string; timestamp?: number } = {},
  ) =>
    graphWebhook.envelope(kind, accountId, [
      {
        sender: { id: customerId },
        recipient: { id: accountId },
        timestamp: options.timestamp ?? Date.now(),
        message: { mid: options.mid ?? newMid(kind), ...message },
      },
    ]),

  /**
   * A customer's message while another app holds the conversation (handover protocol / conversation routing):
   * the same event, delivered in `entry[].standby[]` instead of `entry[].messaging[]`.
   */
  standby: (
    kind: TGraphChannelKind,
    accountId: string,
    customerId: string,
    message: Record<string, unknown>,
    options: { mid?: string; timestamp?: number } = {},
  ) => {
    const { object, entry } = graphWebhook.message(kind, accountId, customerId, message, options);
    return { object, entry: entry.map(({ messaging, ...rest }) => ({ ...rest, standby: messaging })) };
  },

  /** Our own send coming back (`is_echo`): the account is the sender. */
  echo: (kind: TGraphChannelKind, accountId: string, customerId: string, mid: string, text: string) =>
    graphWebhook.envelope(kind, accountId, [
      {
        sender: { id: accountId },
        recipient: { id: customerId },
        timestamp: Date.now(),
        message: { mid, text, is_echo: true },
      },
    ]),

  /** Messenger's `message_deliveries`: the mids (when given) and everything before the watermark. */
  delivery: (accountId: string, customerId: string, delivery: { mids?: string[]; watermark?: number }) =>
    graphWebhook.envelope('messenger', accountId, [
      {
        sender: { id: customerId },
        recipient: { id: accountId },
        delivery: { ...(delivery.mids ? { mids: delivery.mids } : {}), watermark: delivery.watermark ?? Date.now() },
      },
    ]),

  /** Messenger's `message_reads`: everything sent before the watermark was read. */
  read: (accountId: string, customerId: string, watermark = Date.now()) =>
    graphWebhook.envelope('messenger', accountId, [
      { sender: { id: customerId }, recipient: { id: accountId }, timestamp: Date.now(), read: { watermark } },
    ]),

  /** Instagram's `messaging_seen`: the last message the customer saw. */
  seen: (accountId: string, customerId: string, mid: string, timestamp = Date.now()) =>
    graphWebhook.envelope('instagram', accountId, [
      { sender: { id: customerId }, recipient: { id: accountId }, timestamp, read: { mid } },
    ]),

  /** `message_reactions`: a reaction to one of the conversation's messages, or its removal. */
  reaction: (
    kind: TGraphChannelKind,
    accountId: string,
    customerId: string,
    reaction: { mid: string; emoji?: string; action?: 'react' | 'unreact' },
  ) =>
    graphWebhook.envelope(kind, accountId, [
      {
        sender: { id: customerId },
        recipient: { id: accountId },
        timestamp: Date.now(),
        reaction: {
          mid: reaction.mid,
          action: reaction.action ?? 'react',
          ...(reaction.action === 'unreact' ? {} : { reaction: 'other', emoji: reaction.emoji ?? '❤️' }),
        },
      },
    ]),
};

type TControlInput = {
  webhookUrl: string;
  appSecret: string;
  channel?: TGraphChannelKind;
  customerId: string;
  name?: string;
  text?: string;
  mid?: string;
  emoji?: string;
};

/**
 * Starts the fake. Besides Meta's paths it answers unauthenticated control paths, for tests in another
 * process and for the demo mode: `GET /_fake/sent`, and `POST /_fake/message | delivery | read | reaction`
 * (`{ webhookUrl, appSecret, channel, customerId, name?, text?, mid?, emoji? }`: Meta's webhook delivered
 * signed to our server), `POST /_fake/revoke` / `/_fake/restore` (Meta stops / starts accepting the token).
 * Customers' files are served without a token under `/cdn/` (Meta's signed CDN URLs).
 */
export const startFakeGraphMessaging = async (accounts: TFakeGraphAccounts, options: { port?: number } = {}) => {
  const customers = new Map<string, TFakeGraphCustomer>();
  const sends: TFakeGraphSend[] = [];
  const senderActions: { accountId: string; recipientId: string; action: string }[] = [];
  /** Files our server gave by URL, as Meta fetched them. */
  const fetched = new Map<string, { bytes: Buffer; mime: string }>();
  const cdn = new Map<string, { bytes: Buffer; mime: string }>();
  const failures: { status: number; code: number; message: string; subcode?: number }[] = [];
  let acceptedToken = accounts.accessToken;
  let baseUrl = '';
  const kindOf = (accountId: string): TGraphChannelKind | null =>
    accountId === accounts.instagramId ? 'instagram' : accountId === accounts.pageId ? 'messenger' : null;

  const control = async (path: string, input: TControlInput) => {
    const kind = input.channel ?? 'messenger';
    const accountId = kind === 'instagram' ? accounts.instagramId : accounts.pageId;
    if (input.name) fake.addCustomer({ id: input.customerId, name: input.name });
    const lastSent = [...sends].reverse().find((s) => s.accountId === accountId);
    const payload =
      path === 'message'
        ? graphWebhook.message(kind, accountId, input.customerId, { text: input.text ?? '' })
        : path === 'delivery'
          ? graphWebhook.delivery(accountId, input.customerId, {})
          : path === 'read'
            ? kind === 'instagram'
              ? graphWebhook.seen(accountId, input.customerId, input.mid ?? lastSent?.mid ?? newMid(kind))
              : graphWebhook.read(accountId, input.customerId)
            : graphWebhook.reaction(kind, accountId, input.customerId, {
                mid: input.mid ?? lastSent?.mid ?? '',
                emoji: input.emoji,
              });
    return graphWebhook.deliver(input.webhookUrl, payload, { appSecret: input.appSecret });
  };

  const onMessages = async (res: ServerResponse, accountId: string, body: Record<string, unknown> | null) => {
    const kind = kindOf(accountId) as TGraphChannelKind;
    const recipientId = (body?.recipient as { id?: unknown } | undefined)?.id;
    if (typeof recipientId !== 'string' || !/^\d{5,25}$/.test(recipientId))
      return graphError(res, 400, 100, '(#100) No matching user found', 2018001);
    if (typeof body?.sender_action === 'string') {
      if (!['typing_on', 'typing_off', 'mark_seen'].includes(body.sender_action))
        return graphError(
          res,
          400,
          100,
          '(#100) Param sender_action must be one of {MARK_SEEN, TYPING_ON, TYPING_OFF}',
        );
      senderActions.push({ accountId, recipientId, action: body.sender_action });
      return json(res, 200, { recipient_id: recipientId });
    }
    const failure = failures.shift();
    if (failure) return graphError(res, failure.status, failure.code, failure.message, failure.subcode);
    if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(String(body?.messaging_type)))
      return graphError(res, 400, 100, '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}');
    const message = body?.message as { text?: unknown; attachment?: { type?: string; payload?: { url?: string } } };
    const mid = newMid(kind);
    if (message?.attachment) {
      const url = message.attachment.payload?.url;
      if (!['image', 'video', 'audio', 'file'].includes(String(message.attachment.type)) || !url)
        return graphError(res, 400, 100, '(#100) Invalid attachment');
      // Meta fetches the file from the URL it was given; one it cannot fetch fails the send.
      const file = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (!file?.ok) return graphError(res, 400, 100, '(#100) Failed to fetch the file from the url', 2018008);
      fetched.set(mid, {
        bytes: Buffer.from(await file.arrayBuffer()),
        mime: file.headers.get('content-type') ?? 'application/octet-stream',
      });
    } else if (typeof message?.text !== 'string' || message.text === '') {
      return graphError(res, 400, 100, '(#100) The parameter message is required');
    }
    sends.push({ accountId, mid, at: Date.now(), body: body as Record<string, unknown> });
    return json(res, 200, { recipient_id: recipientId, message_id: mid });
  };

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => graphError(res, 500, 1, String(error)),
    handle: async (req, res, url) => {
      const raw = await readBody(req);
      const body = (req.headers['content-type'] ?? '').startsWith('application/json')
        ? (JSON.parse(raw.toString('utf8') || 'null') as Record<string, unknown> | null)
        : null;
      const parts = url.pathname.split('/').filter(Boolean);

      if (url.pathname === '/_fake/sent') return json(res, 200, sends);
      if (parts[0] === '_fake' && req.method === 'POST') {
        if (parts[1] === 'revoke') fake.revokeToken();
        else if (parts[1] === 'restore') fake.restoreToken();
        else if (parts[1] && ['message', 'delivery', 'read', 'reaction'].includes(parts[1]))
          return json(res, 200, await control(parts[1], body as unknown as TControlInput));
        else return json(res, 404, { error: 'unknown control path' });
        return json(res, 200, { ok: true });
      }
      if (parts[0] === 'cdn' && parts[1]) {
        const file = cdn.get(parts[1]);
        if (!file) return json(res, 404, { error: 'not found' });
        return sendBytes(res, file.bytes, file.mime);
      }
      if (req.headers.authorization !== `Bearer ${acceptedToken}`)
        return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (parts[0] !== version) return graphError(res, 400, 2500, 'Unknown path components');
      const [, id = '', edge] = parts;

      if (req.method === 'POST' && kindOf(id) && edge === 'messages') return onMessages(res, id, body);
      if (req.method === 'GET' && !edge && id === accounts.pageId)
        return json(res, 200, { id, name: accounts.pageName });
      if (req.method === 'GET' && !edge && id === accounts.instagramId)
        return json(res, 200, { id, username: accounts.instagramUsername, name: accounts.pageName });
      const customer = customers.get(id);
      if (req.method === 'GET' && !edge && customer)
        return json(res, 200, {
          id,
          name: customer.name,
          ...(customer.username ? { username: customer.username } : {}),
        });
      return graphError(
        res,
        400,
        100,
        `Unsupported ${req.method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
      );
    },
  });
  baseUrl = server.baseUrl;

  const fake = {
    /** What to set META_GRAPH_URL to. */
    graphUrl: `${baseUrl}/${version}`,
    /** The base URL (control paths live under `/_fake`). */
    baseUrl,
    accounts,
    /** Messages our server sent (sender actions apart), in order. */
    sends,
    senderActions,
    /** A customer whose profile Meta gives (others' profiles are refused, as without consent). */
    addCustomer: (customer: TFakeGraphCustomer) => customers.set(customer.id, customer),
    /** A customer's file on Meta's CDN: its URL goes in a webhook's attachment, our server downloads it. */
    addAttachment: (bytes: Buffer, mime: string) => {
      const id = randomBytes(8).toString('hex');
      cdn.set(id, { bytes, mime });
      return `${baseUrl}/cdn/${id}`;
    },
    /** The file Meta fetched for one of our sends (by its mid). */
    fetchedAttachment: (mid: string) => fetched.get(mid),
    /** Meta stops accepting the Page token (the admin changed their password, removed the app...), or again. */
    revokeToken: () => {
      acceptedToken = randomBytes(16).toString('hex');
    },
    restoreToken: () => {
      acceptedToken = accounts.accessToken;
    },
    failNextSend: (failure: { status: number; code: number; message: string; subcode?: number }) =>
      failures.push(failure),
    close: server.close,
  };
  return fake;
};

export type TFakeGraphMessaging = Awaited<ReturnType<typeof startFakeGraphMessaging>>;
