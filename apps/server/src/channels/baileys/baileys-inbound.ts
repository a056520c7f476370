import { LRUCache } from 'lru-cache';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayHistoryMessage, TGatewayMessage } from '../host/gateway-events.js';
import { storeInboundMedia } from '../shared/inbound-media.js';
import { onGroupParticipants } from './baileys-groups.js';
import { ackStatusOf, parseBaileysMessage, personOf, type TBaileysInbound } from './baileys-message.js';
import type { TSessionRef, TSocketHandlers } from './baileys-sessions.js';
import type { TBaileysSocket, TWaMessage } from './baileys-socket.js';

type TMessageEvent = Extract<TBaileysInbound, { kind: 'message' }>;

/** proto.HistorySync.HistorySyncType.ON_DEMAND: the answer to `fetchMessageHistory`. */
const ON_DEMAND_HISTORY = 6;

/**
 * What a Baileys socket brings in, into our pipelines: customers' messages (files downloaded into storage,
 * groups as the ticket's contact), receipts of our sends, reactions, edits and deletions, and calls.
 */
export const createBaileysInbound = (services: TServices, host: TChannelHost): TSocketHandlers => {
  const connectionOf = (ref: TSessionRef) => ({ tenantId: ref.tenantId, id: ref.connectionId });
  // Group names change rarely; asking WhatsApp on every group message would be slow (and rate limited).
  const groupNames = new LRUCache<string, string>({ max: 1000, ttl: 30 * 60_000 });

  const groupName = async (socket: TBaileysSocket, groupId: string) => {
    const jid = `${groupId}@g.us`;
    const known = groupNames.get(jid);
    if (known) return known;
    try {
      const { subject } = await socket.groupMetadata(jid);
      groupNames.set(jid, subject);
      return subject;
    } catch (err) {
      services.log.warn({ err, group: groupId }, 'baileys group metadata unavailable');
      return undefined;
    }
  };

  /** The received file in our storage; a failed download keeps the message without it. */
  // A failed download leaves the message's media keys in dataJson.
  const storeMedia = (ref: TSessionRef, socket: TBaileysSocket, raw: TWaMessage, event: TMessageEvent) =>
    storeInboundMedia(services, ref.tenantId, event, 'baileys media download failed', async (media) => {
      const bytes = await socket.downloadMedia(raw);
      if (bytes.length > services.config.mediaMaxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
      return { bytes, mime: media.mime ?? 'application/octet-stream', name: media.filename };
    });

  const receive = async (ref: TSessionRef, socket: TBaileysSocket, raw: TWaMessage, event: TMessageEvent) => {
    const { chat, sender, name } = event;
    const from: TGatewayMessage['from'] =
      chat.kind === 'group'
        ? { kind: 'group', value: chat.value, isGroup: true, name: await groupName(socket, chat.value) }
        : {
            kind: chat.kind,
            value: chat.value,
            ...(chat.lid ? { lid: chat.lid } : {}),
            ...(name ? { name, pushname: name } : {}),
          };
    const inbound: TGatewayMessage = {
      externalId: event.externalId,
      from,
      body: event.body,
      mediaType: event.mediaType,
      timestamp: event.timestamp,
      quotedExternalId: event.quotedExternalId,
      // In a group, who wrote it (the ticket's contact is the group): the participant and their name.
      dataJson: chat.kind === 'group' ? { ...raw, sender: { ...sender, name } } : raw,
      ...(await storeMedia(ref, socket, raw, event)),
    };
    await host.deliver(connectionOf(ref), { type: 'message', message: inbound });
  };

  return {
    onMessages: async (ref, socket, { messages, type }) => {
      // `append` is history and our own devices' past: only live messages (`notify`) open tickets.
      if (type !== 'notify') return;
      for (const raw of messages) {
        const event = parseBaileysMessage(raw);
        if (!event) continue;
        if (event.kind === 'message') await receive(ref, socket, raw, event);
        else if (event.kind === 'edit')
          await host.deliver(connectionOf(ref), {
            type: 'edit',
            targetExternalId: event.targetExternalId,
            body: event.body,
            at: event.at,
          });
        else
          await host.deliver(connectionOf(ref), {
            type: 'revoke',
            targetExternalId: event.targetExternalId,
            at: event.at,
          });
      }
    },
    onAcks: async (ref, updates) => {
      for (const { key, update } of updates) {
        const status = ackStatusOf(update.status);
        // Receipts of the customer's own messages (read on our side) say nothing about ours.
        if (!key.fromMe || !key.id || !status) continue;
        await host.deliver(connectionOf(ref), {
          type: 'status',
          externalId: key.id,
          status,
          reason: status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
        });
      }
    },
    onReactions: async (ref, reactions) => {
      for (const { key, reaction } of reactions) {
        // Our own reactions echo back: the agent's copy is already stored.
        if (!key.id || reaction.key?.fromMe) continue;
        await host.deliver(connectionOf(ref), {
          type: 'reaction',
          targetExternalId: key.id,
          emoji: reaction.text ?? '',
        });
      }
    },
    // Only the history we asked for (ON_DEMAND, 6): the syncs pushed after pairing would import whole phones.
    onHistory: async (ref, { messages, syncType }) => {
      if (syncType !== ON_DEMAND_HISTORY) return;
      const found: TGatewayHistoryMessage[] = [];
      for (const raw of messages) {
        const fromMe = raw.key?.fromMe === true;
        // Ours are read as the customer's would be, for their chat and content.
        const event = parseBaileysMessage(fromMe ? { ...raw, key: { ...raw.key, fromMe: false } } : raw);
        if (event?.kind !== 'message' || event.chat.kind === 'group') continue;
        found.push({
          externalId: event.externalId,
          fromMe,
          from: { kind: event.chat.kind, value: event.chat.value, ...(event.chat.lid ? { lid: event.chat.lid } : {}) },
          body: event.body,
          mediaType: event.mediaType,
          timestamp: event.timestamp,
          quotedExternalId: event.quotedExternalId,
          dataJson: raw,
        });
      }
      if (found.length > 0) await host.deliver(connectionOf(ref), { type: 'history', messages: found });
    },
    // Joins and leaves: the group tools greet, say goodbye and keep banned numbers out.
    onGroupParticipants: (ref, update) => onGroupParticipants(host, ref, update),
    // The host decides whether to refuse (the adapter's rejectCall) and what to tell the caller.
    onCalls: async (ref, _socket, calls) => {
      for (const call of calls) {
        if (call.status !== 'offer' || call.isGroup) continue;
        const from = personOf(call.from, null);
        if (!from) continue;
        await host.deliver(connectionOf(ref), {
          type: 'call',
          call: {
            callId: call.id,
            callerId: call.from,
            from,
            video: call.isVideo === true,
            timestamp: call.date ? new Date(call.date).getTime() : Date.now(),
          },
        });
      }
    },
  };
};
