import { describe, expect, it } from 'vitest';
import type { TExecutor } from '../../../platform/db/client.js';
import type { TDomainEventOf, TPublishedEvent } from '../../../platform/events/domain-events.js';
import { campaignAcksListener } from './campaign-acks.listener.js';

/** A transaction that fails the test if anything reads through it. */
const untouched = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was read');
    },
  },
) as TExecutor;

const status = (sendType: string | undefined): TPublishedEvent<TDomainEventOf<'message.status'>> => ({
  id: 'e1',
  occurredAt: '2026-11-27T01:00:00.000Z',
  type: 'message.status',
  tenantId: 1,
  ticketId: 2,
  messageId: 3,
  ticket: {
    id: 2,
    status: 'open',
    userId: null,
    queueId: null,
    whatsappId: 4,
    channel: 'whatsapp',
    isGroup: false,
    kanbanId: null,
    tagIds: [],
    chatFlowId: null,
    contactWalletUserIds: [],
  },
  status: 'delivered',
  error: null,
  ...(sendType === undefined ? {} : { sendType }),
});

describe('campaign acks', () => {
  const listener = campaignAcksListener({ db: {} as never, events: {} as never });

  it("rules out an ack of a message that is not a campaign's without reading the database", async () => {
    for (const sendType of ['chat', 'absence', 'chatFlow', 'groupGreeting'])
      expect(await listener.concerns?.(untouched, status(sendType))).toBe(false);
  });

  it("asks the database about a campaign's message, and about an event from before send types", async () => {
    await expect(listener.concerns?.(untouched, status('campaign'))).rejects.toThrow('the database was read');
    await expect(listener.concerns?.(untouched, status(undefined))).rejects.toThrow('the database was read');
  });
});
