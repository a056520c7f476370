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
import { expectServedFile } from '../../../../test/channel-checks.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../../test/uploads.js';
import { campaignOptOuts, settings, tickets } from '../../../platform/db/schema.js';
import { applyAck } from '../../messages/apply-ack.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { actOnCampaign } from './campaign-actions.js';

// What comes back from a campaign: acks move each contact's state, Meta's throttling pauses the campaign, and
// replies are recorded without opening pending tickets unless the tenant wants them to; an opt-out word (the
// default ones or the tenant's own) sticks. And what goes: the campaign's file with its text.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };
let sequence = 0;

describe('campaign acks and replies', () => {
  let t: TestApp;
  let fx: TFixture;
  let connectionId: number;
  const delivered = new Map<string, TDelivery>();
  let refusal: ChannelSendError | undefined;

  /** A campaign to `count` new contacts (or to `to`), set up further by `prepare` (as an admin would), started. */
  const run = async (
    count: number,
    prefix: string,
    delaySeconds = 0,
    options: { to?: { id: number; number: string }[]; prepare?: (campaignId: number) => Promise<void> } = {},
  ) => {
    const people = options.to ?? (await insertPhoneContacts(t, fx, count, prefix));
    const campaign = await insertCampaign(
      t,
      fx,
      { connectionId, delaySeconds, windowStart: '00:00', windowEnd: '23:59' },
      people.map((p) => p.id),
    );
    await options.prepare?.(campaign.id);
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

  it("opts out with the tenant's own words instead of SAIR and PARAR; a later campaign skips that contact", async () => {
    const words = await t.request('PUT', '/settings/campaignOptOutWords', {
      token: fx.tokens.admin,
      body: { value: 'CANCELAR, Não quero' },
    });
    expect(words.status, JSON.stringify(words.body)).toBe(200);
    try {
      const { people, campaign } = await run(2, '4196');
      await eventually(async () => expect(await statesOf(t, campaign.id)).toEqual({ sent: 2 }), 15_000);
      const [dora, edu] = people as { id: number; number: string }[];
      await reply(dora?.number as string, 'não quero!');
      // The default word is no longer one: Edu stays in.
      await reply(edu?.number as string, 'SAIR');
      await eventually(async () => {
        const rows = await contactRows(t, campaign.id);
        expect(rows.every((row) => row.repliedAt !== null)).toBe(true);
      }, 15_000);
      const optOuts = await t.db
        .select()
        .from(campaignOptOuts)
        .where(eq(campaignOptOuts.contactId, dora?.id as number));
      expect(optOuts.map((row) => row.word)).toEqual(['NAOQUERO']);

      const before = delivered.size;
      const later = await run(0, '', 0, { to: people });
      await eventually(
        async () => expect(await statesOf(t, later.campaign.id)).toEqual({ skipped: 1, sent: 1 }),
        15_000,
      );
      expect(
        (await contactRows(t, later.campaign.id)).map((row) => [row.contactId, row.state, row.failureReason]),
      ).toEqual([
        [dora?.id, 'skipped', 'opt_out'],
        [edu?.id, 'sent', null],
      ]);
      expect([...delivered.values()].slice(before).map((sent) => sent.to)).toEqual([edu?.number]);
    } finally {
      await t.db
        .delete(settings)
        .where(and(eq(settings.tenantId, fx.tenantId), eq(settings.key, 'campaignOptOutWords')));
    }
  });

  it("sends the campaign's file with its text: the file the admin uploaded reaches the channel", async () => {
    const { people, campaign } = await run(1, '4195', 0, {
      prepare: async (id) => {
        const upload = await t.request('POST', `/campaigns/${id}/media`, {
          token: fx.tokens.admin,
          ...multipartBody([{ name: 'file', filename: 'promocao.png', type: 'image/png', data: png }]),
        });
        expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      },
    });
    await eventually(async () => expect(await statesOf(t, campaign.id)).toEqual({ sent: 1 }), 15_000);
    const [sent] = [...delivered.values()].filter((delivery) => delivery.to === people[0]?.number);
    expect(sent).toMatchObject({ body: 'Olá Cliente 41950!', media: { name: 'promocao.png', type: 'image' } });
    // What the channel fetches to send is the admin's file, byte for byte.
    await expectServedFile(t, sent?.media?.url, png);
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
