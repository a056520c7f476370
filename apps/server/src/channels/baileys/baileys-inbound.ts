import { LRUCache } from 'lru-cache';
import { findConnection } from '../../modules/connections/connections.repository.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { applyContactChange } from '../../modules/messages/apply-contact-change.js';
import { applyContactReaction } from '../../modules/messages/apply-reaction.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import type { TInboundMessage } from '../../modules/messages/receive-message.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { storeInboundMedia } from '../shared/inbound-media.js';
import { readBaileysConfig } from './baileys-config.js';
import { ackStatusOf, parseBaileysMessage, type TBaileysInbound } from './baileys-message.js';
import type { TSessionRef, TSocketHandlers } from './baileys-sessions.js';
import type { TBaileysSocket, TWaMessage } from './baileys-socket.js';

type TMessageEvent = Extract<TBaileysInbound, { kind: 'message' }>;

/**
 * What a Baileys socket brings in, into our pipelines: customers' messages (files downloaded into storage,
 * groups as the ticket's contact), receipts of our sends, reactions, edits and deletions, and calls.
 */
export const createBaileysInbound = (services: TServices): TSocketHandlers => {
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
    const from: TInboundMessage['from'] =
      chat.kind === 'group'
        ? { kind: 'group', value: chat.value, isGroup: true, name: await groupName(socket, chat.value) }
        : {
            kind: chat.kind,
            value: chat.value,
            ...(chat.lid ? { lid: chat.lid } : {}),
            ...(name ? { name, pushname: name } : {}),
          };
    const inbound: TInboundMessage = {
      tenantId: ref.tenantId,
      connectionId: ref.connectionId,
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
    await receiveMessage(services, inbound);
  };

  return {
    onMessages: async (ref, socket, { messages, type }) => {
      // `append` is history and our own devices' past: only live messages (`notify`) open tickets.
      if (type !== 'notify') return;
      for (const raw of messages) {
        const event = parseBaileysMessage(raw);
        if (!event) continue;
        const base = { tenantId: ref.tenantId, connectionId: ref.connectionId };
        if (event.kind === 'message') await receive(ref, socket, raw, event);
        else if (event.kind === 'edit')
          await applyContactChange(services, {
            ...base,
            kind: 'edit',
            externalId: event.targetExternalId,
            body: event.body,
          });
        else await applyContactChange(services, { ...base, kind: 'revoke', externalId: event.targetExternalId });
      }
    },
    onAcks: async (ref, updates) => {
      for (const { key, update } of updates) {
        const status = ackStatusOf(update.status);
        // Receipts of the customer's own messages (read on our side) say nothing about ours.
        if (!key.fromMe || !key.id || !status) continue;
        await applyAck(services, {
          tenantId: ref.tenantId,
          connectionId: ref.connectionId,
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
        await applyContactReaction(services, {
          tenantId: ref.tenantId,
          connectionId: ref.connectionId,
          externalId: key.id,
          emoji: reaction.text ?? '',
        });
      }
    },
    onCalls: async (ref, socket, calls) => {
      const offers = calls.filter((call) => call.status === 'offer' && !call.isGroup);
      if (offers.length === 0) return;
      const connection = await withTenant(services.db, ref.tenantId, (tx) =>
        findConnection(tx, ref.tenantId, ref.connectionId),
      );
      const config = connection ? readBaileysConfig(connection) : null;
      if (!config?.rejectCalls) return;
      for (const call of offers) {
        await socket.rejectCall(call.id, call.from);
        if (config.rejectCallsMessage) await socket.sendMessage(call.from, { text: config.rejectCallsMessage });
      }
    },
  };
};
