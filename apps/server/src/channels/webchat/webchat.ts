import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import {
  type TWebchatMessage,
  webchatSocket,
  ZWebchatInfo,
  ZWebchatMessage,
  ZWebchatSend,
  ZWebchatSendFile,
  ZWebchatStart,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TMediaInput, TMessageRow, TVisitorDoor } from '../host/visitor-door.js';
import type { TChannelAdapter, TCommitSend, TConnectionRow, TOutboundChoices, TOutboundMessage } from '../types.js';
import { createVisitorContact } from './visitor-contact.js';
import { createVisitorTokens, type TVisitor } from './visitor-tokens.js';

const visitorRoom = (tenantId: number, connectionId: number, visitorId: string) =>
  `webchat:${tenantId}:${connectionId}:${visitorId}`;

/** The labels of a chat flow's menu a message carries (`dataJson.choices`), for the visitor to tap. */
const choiceLabels = (choices: TOutboundChoices | null | undefined) =>
  choices ? { choices: choices.options.map((option) => option.label) } : {};

/** What a visitor sees of a message: text, direction, status; never internal ids, users or notes. */
const toVisitorMessage = (row: TMessageRow): TWebchatMessage => ({
  id: row.messageId ?? `out-${row.id}`,
  fromMe: !row.fromMe,
  body: row.isDeleted ? '' : row.body,
  status: row.status,
  timestamp: row.timestamp,
  isDeleted: row.isDeleted,
  edition: row.isDeleted ? null : row.edition,
  mediaUrl: row.isDeleted ? null : row.mediaUrl,
  mediaType: row.mediaType,
  mediaName: row.isDeleted ? null : row.mediaName,
  ...(row.isDeleted ? {} : choiceLabels((row.dataJson as { choices?: TOutboundChoices } | null)?.choices)),
});

const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7) : '');

/**
 * The web chat: the first real channel. Visitors open `/webchat/:token` (or the embedded widget), give a
 * name and a phone or e-mail, and chat; their messages go through the same inbound pipeline as any channel,
 * and agents' replies through the same outbound queue, delivered over the `/webchat` Socket.IO namespace.
 * A visitor's token names one contact on one connection: they can read nothing else.
 */
export const setupWebchat = (
  services: TServices,
  secret: string,
  host: TChannelHost,
  door: TVisitorDoor,
): FastifyPluginAsyncZod => {
  const tokens = createVisitorTokens(secret);
  const namespace = services.realtime.namespace(webchatSocket.namespace);

  // The visitor's page reads the stored conversation on every connection: a message is there once stored, and
  // the push only saves the page a read. So a send is made at commit, not through the outbound queue.
  const sendAtCommit = (message: TOutboundMessage): TCommitSend => {
    const externalId = `out-${message.id}`;
    const payload: TWebchatMessage = {
      id: externalId,
      fromMe: false,
      body: message.body,
      status: 'sent',
      timestamp: Date.now(),
      isDeleted: false,
      edition: null,
      mediaUrl: message.mediaUrl,
      mediaType: message.mediaType,
      mediaName: message.mediaName,
      ...choiceLabels(message.choices),
    };
    const room = visitorRoom(message.tenantId, message.connection.id, message.to.value);
    return {
      result: { externalId, status: 'sent' },
      push: () => namespace.to(room).emit(webchatSocket.message, payload),
    };
  };

  const adapter: TChannelAdapter = {
    kind: 'webchat',
    addressKinds: ['webchat'],
    // The visitor's page keeps messages by id: a repeated delivery replaces, never duplicates.
    idempotent: true,
    sendAtCommit,
    // A scheduled message goes through the queue at its time: the same send, pushed at once.
    send: async (message) => {
      const { result, push } = sendAtCommit(message);
      push();
      return result;
    },
    sendPresence: async (target, state) => {
      namespace
        .to(visitorRoom(target.tenantId, target.connection.id, target.to.value))
        .emit(webchatSocket.agentTyping, { state });
    },
    markRead: async (target, externalIds) => {
      namespace
        .to(visitorRoom(target.tenantId, target.connection.id, target.to.value))
        .emit(webchatSocket.seen, { ids: externalIds });
    },
    endConversation: async (target) => {
      namespace.to(visitorRoom(target.tenantId, target.connection.id, target.to.value)).emit(webchatSocket.ended);
    },
  };
  services.channels.register(adapter);

  namespace.use(async (socket, next) => {
    try {
      socket.data.visitor = await tokens.verify(String(socket.handshake.auth?.token ?? ''));
      next();
    } catch {
      next(Object.assign(new Error('ERR_INVALID_TOKEN'), { data: { error: 'ERR_INVALID_TOKEN' } }));
    }
  });
  namespace.on('connection', (socket) => {
    const visitor = socket.data.visitor as TVisitor;
    socket.join(visitorRoom(visitor.tenantId, visitor.connectionId, visitor.visitorId));
    socket.on(webchatSocket.typing, (state: unknown) => {
      if (state !== 'composing' && state !== 'paused') return;
      door.contactTyping(visitor, state).catch((err: unknown) => services.log.warn({ err }, 'webchat typing'));
    });
    socket.on(webchatSocket.read, (ids: unknown) => {
      if (!Array.isArray(ids)) return;
      for (const id of ids.slice(0, 100))
        if (typeof id === 'string' && id.startsWith('out-'))
          void host
            .deliver(
              { tenantId: visitor.tenantId, id: visitor.connectionId },
              { type: 'status', externalId: id, status: 'read' },
            )
            .catch((err: unknown) => services.log.warn({ err }, 'webchat read receipt'));
    });
  });

  const findWebchat = async (token: string) => {
    // NOTE: the public token is the credential and names the tenant: looked up before any tenant is known.
    const connection = await host.connectionByToken(token);
    if (connection?.type !== 'webchat') throw new AppError('ERR_NO_WAPP_FOUND');
    return connection;
  };
  // A visitor's messages name the connection by its public token each time; a second's reuse spares a query
  // per message, and the messages that come while it is read wait for that one read (on a busy embedded
  // database each would queue a read of its own). Opening a chat always reads it afresh, and a deleted
  // connection is refused by the inbound pipeline itself, which reads it inside its transaction.
  const recentWebchats = new LRUCache<string, Promise<TConnectionRow>>({ max: 10_000, ttl: 1_000 });
  const findRecentWebchat = (token: string): Promise<TConnectionRow> => {
    const hit = recentWebchats.get(token);
    if (hit) return hit;
    const reading = findWebchat(token);
    recentWebchats.set(token, reading);
    // An unknown token (or a failed read) is not kept.
    reading.catch(() => recentWebchats.delete(token));
    return reading;
  };
  const visitorOf = async (authorization: string | undefined, token: string): Promise<TVisitor> => {
    const raw = bearer(authorization);
    if (!raw) throw new AppError('ERR_UNAUTHORIZED');
    const visitor = await tokens.verify(raw);
    const connection = await findRecentWebchat(token);
    if (connection.id !== visitor.connectionId) throw new AppError('ERR_INVALID_TOKEN');
    return visitor;
  };

  /**
   * A visitor's message (text, or a file with an optional caption) into the inbound pipeline. The
   * visitor's clientId makes the id: sending it again stores nothing new and answers with what was stored
   * (a file uploaded twice keeps the first copy; the second is removed).
   */
  const receiveFromVisitor = async (
    visitor: TVisitor,
    clientId: string,
    body: string,
    media?: TMediaInput,
  ): Promise<TWebchatMessage> => {
    const externalId = `in-${visitor.visitorId}-${clientId}`;
    const timestamp = Date.now();
    const connection = { tenantId: visitor.tenantId, id: visitor.connectionId };
    const result = await door.receive(connection, {
      externalId,
      from: { kind: 'webchat', value: visitor.visitorId },
      body,
      timestamp,
      ...(media
        ? { mediaType: media.mediaType, mediaUrl: media.url, mediaName: media.name, mediaMime: media.mime }
        : {}),
    });
    if (result.duplicate) {
      if (media) await services.storage.remove(media.url.slice('/media/'.length));
      const stored = await host.messageByExternalId(connection, externalId);
      if (stored) return toVisitorMessage(stored);
    }
    return {
      id: externalId,
      fromMe: true,
      body,
      status: 'received',
      timestamp,
      isDeleted: false,
      edition: null,
      ...(media ? { mediaUrl: media.url, mediaType: media.mediaType, mediaName: media.name } : {}),
    };
  };

  /**
   * The multipart body of a visitor's file: one file in `file`, `clientId` and an optional `body`. Nothing
   * half-received stays on disk; text the database cannot store is cleaned (the visitor's words are kept).
   */
  const readVisitorFile = (req: FastifyRequest, visitor: TVisitor) =>
    door.readUpload(
      services.storage,
      visitor.tenantId,
      req,
      { fileField: 'file', maxFiles: 1, cleanText: true },
      (fields, [media]) => {
        if (!media) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'a file is required' });
        const parsed = ZWebchatSendFile.safeParse(fields);
        if (!parsed.success)
          throw new AppError('ERR_VALIDATION', { field: String(parsed.error.issues[0]?.path[0] ?? 'clientId') });
        return { ...parsed.data, media };
      },
    );

  return async (app) => {
    await app.register(rateLimit, { global: false });
    await app.register(multipart, {
      limits: { fileSize: services.config.mediaMaxBytes, files: 1, fields: 5, fieldSize: 8_192 },
    });
    const visitorRate = {
      max: services.config.webchatMessagesPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => bearer(req.headers.authorization) || req.ip,
    };
    const tags = ['webchat'];
    const ZToken = z.object({ token: z.string().min(10).max(64) });
    app.get(
      '/public/webchat/:token',
      { schema: { tags, params: ZToken, response: { 200: ZWebchatInfo } } },
      async (req) => {
        const connection = await findWebchat(req.params.token);
        const tenantName = await door.tenantName(connection.tenantId);
        return {
          name: connection.name,
          greetingMessage: connection.greetingMessage,
          appName: tenantName ?? 'Prosa',
          primaryColor: '#5c67f2',
          maxFileBytes: services.config.mediaMaxBytes,
        };
      },
    );
    app.post(
      '/public/webchat/:token/session',
      {
        config: { rateLimit: { max: services.config.webchatSessionsPerMinute, timeWindow: '1 minute' } },
        schema: { tags, params: ZToken, body: ZWebchatStart, response: { 201: z.object({ token: z.string() }) } },
      },
      async (req, reply) => {
        const connection = await findWebchat(req.params.token);
        const visitorId = randomUUID();
        const contact = await createVisitorContact(door, connection.tenantId, visitorId, req.body);
        const token = await tokens.sign({
          tenantId: connection.tenantId,
          connectionId: connection.id,
          visitorId,
          contactId: contact.id,
        });
        return reply.status(201).send({ token });
      },
    );
    app.get(
      '/public/webchat/:token/messages',
      { schema: { tags, params: ZToken, response: { 200: z.object({ messages: z.array(ZWebchatMessage) }) } } },
      async (req) => {
        const visitor = await visitorOf(req.headers.authorization, req.params.token);
        const rows = await door.conversationTail(visitor, 100);
        return { messages: rows.map(toVisitorMessage) };
      },
    );
    app.post(
      '/public/webchat/:token/messages',
      {
        config: { rateLimit: visitorRate },
        schema: { tags, params: ZToken, body: ZWebchatSend, response: { 201: ZWebchatMessage } },
      },
      async (req, reply) => {
        const visitor = await visitorOf(req.headers.authorization, req.params.token);
        return reply.status(201).send(await receiveFromVisitor(visitor, req.body.clientId, req.body.body));
      },
    );
    // A file from the visitor (multipart): the same type and size rules as an agent's attachments.
    app.post(
      '/public/webchat/:token/media',
      {
        config: { rateLimit: visitorRate },
        schema: { tags, params: ZToken, response: { 201: ZWebchatMessage } },
      },
      async (req, reply) => {
        const visitor = await visitorOf(req.headers.authorization, req.params.token);
        if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'multipart/form-data' });
        const { clientId, body, media } = await readVisitorFile(req, visitor);
        return reply.status(201).send(await receiveFromVisitor(visitor, clientId, body, media));
      },
    );
  };
};
