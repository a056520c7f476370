import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChannelSendError,
  campaignChannel,
  campaignRow,
  contactRows,
  createCampaignConnection,
  insertCampaign,
  insertPhoneContacts,
  setTenantZone,
  statesOf,
  type TDelivery,
  zoneAtNoon,
} from '../../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { campaignOptOuts, settings, tickets } from '../../../platform/db/schema.js';
import { applyAck } from '../../messages/apply-ack.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { actOnCampaign } from './campaign-actions.js';

// What comes back from a campaign: acks move each contact's state, Meta's throttling pauses the campaign, and
// replies are recorded without opening pending tickets unless the tenant wants them to; an opt-out word sticks.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };
let sequence = 0;

describe('campaign acks and replies', () => {
  let t: TestApp;
  let fx: TFixture;
  let connectionId: number;
  const delivered = new Map<string, TDelivery>();
  let refusal: ChannelSendError | undefined;

  const run = async (count: number, prefix: string, delaySeconds = 0) => {
    const people = await insertPhoneContacts(t, fx, count, prefix);
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds, windowStart: '00:00', windowEnd: '23:59' },
      people.map((p) => p.id),
    );
    await actOnCampaign(t.prosa.services, fx.tenantId, campaign.id, 'start');
    return { people, campaign };
  };
  const reply = (number: string, body: string) =>
    receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId,
      externalId: `resposta-${++sequence}`,
      from: { kind: 'phone', value: number, name: 'Cliente' },
      body,
      timestamp: Date.now(),
    });
  const ticketsOf = (contactId: number) =>
    t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.contactId, contactId)));

  beforeAll(async () => {
    t = await startTestApp(fast, { channels: [campaignChannel('one', delivered, () => refusal)] });
    fx = await t.createTenantFixture('Campanha respostas');
    await setTenantZone(t, fx, zoneAtNoon());
    connectionId = await createCampaignConnection(t, fx);
  }, 120_000);
  afterAll(async () => t?.close());

  it('moves each contact through sent, delivered and read, never back', async () => {
    const { campaign } = await run(2, '4191');
    await eventually(async () => expect(await statesOf(t, campaign.id)).toEqual({ sent: 2 }), 15_000);
    const [first, second] = await contactRows(t, campaign.id);
    const ack = (messageId: number, status: 'delivered' | 'read') =>
      applyAck(t.prosa.services, { tenantId: fx.tenantId, connectionId, externalId: `camp-${messageId}`, status });
    await ack(first?.messageId as number, 'read');
    await ack(first?.messageId as number, 'delivered');
    await ack(second?.messageId as number, 'delivered');
    await eventually(async () => {
      const rows = await contactRows(t, campaign.id);
      expect(rows.map((row) => row.state)).toEqual(['read', 'delivered']);
      expect(rows[0]?.readAt).not.toBeNull();
      expect(rows[0]?.deliveredAt).not.toBeNull();
    }, 15_000);
    expect((await campaignRow(t, campaign.id)).status).toBe('finished');
  });

  it('keeps replies in the campaign ticket (no pending ticket) and records them; SAIR opts out', async () => {
    const { people, campaign } = await run(2, '4192');
    await eventually(async () => expect(await statesOf(t, campaign.id)).toEqual({ sent: 2 }), 15_000);
    const [ana, bia] = people as { id: number; number: string }[];
    const answered = await reply(ana?.number as string, 'Tenho interesse!');
    const left = await reply(bia?.number as string, ' Sair! ');
    if (answered.duplicate || left.duplicate) throw new Error('duplicate');
    expect(answered.ticket.status).toBe('closed');
    expect(answered.ticketCreated).toBe(false);
    expect((await ticketsOf(ana?.id as number)).map((row) => row.status)).toEqual(['closed']);
    await eventually(async () => {
      const rows = await contactRows(t, campaign.id);
      expect(rows.every((row) => row.repliedAt !== null)).toBe(true);
    }, 15_000);
    const optOuts = await t.db.select().from(campaignOptOuts).where(eq(campaignOptOuts.tenantId, fx.tenantId));
    expect(optOuts.map((row) => [row.contactId, row.word])).toEqual([[bia?.id, 'SAIR']]);
  });

  it('opens a pending ticket on the reply when the tenant chooses so, and only then', async () => {
    await t.db.insert(settings).values({ tenantId: fx.tenantId, key: 'campaignRepliesOpenTickets', value: 'enabled' });
    try {
      const { people, campaign } = await run(1, '4193');
      await eventually(async () => expect(await statesOf(t, campaign.id)).toEqual({ sent: 1 }), 15_000);
      const [cris] = people as { id: number; number: string }[];
      expect((await ticketsOf(cris?.id as number)).map((row) => row.status)).toEqual(['closed']);
      const answered = await reply(cris?.number as string, 'Quero saber mais');
      if (answered.duplicate) throw new Error('duplicate');
      expect(answered.ticketCreated).toBe(true);
      expect(answered.ticket.status).toBe('pending');
    } finally {
      await t.db
        .delete(settings)
        .where(and(eq(settings.tenantId, fx.tenantId), eq(settings.key, 'campaignRepliesOpenTickets')));
    }
  });

  it('pauses the campaign with the reason when Meta throttles the number', async () => {
    refusal = new ChannelSendError('ERR_WABA_RATE_LIMIT', true);
    try {
      // A minute between sends: the refusal of the first pauses the campaign long before the second.
      const { campaign } = await run(3, '4194', 60);
      await eventually(async () => {
        expect(await campaignRow(t, campaign.id)).toMatchObject({
          status: 'paused',
          pauseReason: 'ERR_WABA_RATE_LIMIT',
          nextSendAt: null,
        });
      }, 15_000);
      expect(await statesOf(t, campaign.id)).toMatchObject({ pending: 2 });
    } finally {
      refusal = undefined;
    }
  });
});
