import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { TGatewayEvent } from '../host/gateway-events.js';
import type { TConnectionRow, TGroupAdmin } from '../types.js';

/**
 * A member's message in a group, as the host takes it, for the WhatsApp gateways with group administration
 * (Evolution, wuzapi, uazapi): the group is the conversation (its contact, named by the group's subject), and
 * who wrote it stays in `dataJson` (`key.participant`, and `sender`), where the group tools find the member to
 * delete for, warn or remove. Gateways whose payload has no `key.participant` (Baileys' key, which Evolution
 * passes on) name the member's JID as `participant`.
 */
export const createGroupInbound = (log: FastifyBaseLogger, admin: TGroupAdmin, provider: string) => {
  // Group names change rarely; asking the gateway on every group message would be slow (and rate limited).
  const names = new LRUCache<string, string>({ max: 1000, ttl: 30 * 60_000 });

  const nameOf = async (connection: TConnectionRow, groupId: string) => {
    const jid = `${groupId}@g.us`;
    const known = names.get(jid);
    if (known) return known;
    try {
      const { subject } = await admin.get(connection, jid);
      names.set(jid, subject);
      return subject;
    } catch (err) {
      log.warn({ err, group: groupId }, `${provider} group metadata unavailable`);
      return undefined;
    }
  };

  return async (
    connection: TConnectionRow,
    event: TGatewayEvent,
    groupId: string,
    participant?: string | null,
  ): Promise<TGatewayEvent> => {
    if (event.type !== 'message') return event;
    const sender = event.message.from;
    const raw = (event.message.dataJson ?? {}) as Record<string, unknown>;
    const key = participant ? { key: { ...(raw.key as object | undefined), participant } } : {};
    return {
      type: 'message',
      message: {
        ...event.message,
        from: { kind: 'group', value: groupId, isGroup: true, name: await nameOf(connection, groupId) },
        dataJson: { ...raw, sender, ...key },
      },
    };
  };
};
