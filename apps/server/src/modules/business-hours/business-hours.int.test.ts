import { defaultBusinessHours, type TBusinessHours } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Horarios');
  other = await t.createTenantFixture('Horarios Outra');
}, 120_000);
afterAll(() => t.close());

const withDay = (day: number, changes: Partial<TBusinessHours[number]>): TBusinessHours =>
  defaultBusinessHours().map((d) => (d.day === day ? ({ ...d, ...changes } as TBusinessHours[number]) : d));

describe('business hours, holidays and time zone of the tenant', () => {
  it('takes seven days, keeps a night shift that crosses midnight, and refuses bad days naming the field', async () => {
    const admin = fx.tokens.admin;
    const night = withDay(5, { type: 'H', hr1: '22:00', hr2: '06:00', hr3: undefined, hr4: undefined });
    const saved = await t.request('PUT', '/tenants/business-hours', { token: admin, body: night });
    expect(saved.status).toBe(200);
    expect((await t.request('GET', '/tenants/business-hours', { token: fx.tokens.agent })).body[5]).toMatchObject({
      type: 'H',
      hr1: '22:00',
      hr2: '06:00',
    });
    const six = await t.request('PUT', '/tenants/business-hours', { token: admin, body: night.slice(1) });
    expect(six.status).toBe(400);
    const crossingThenMore = withDay(1, { hr1: '22:00', hr2: '06:00' });
    const bad = await t.request('PUT', '/tenants/business-hours', { token: admin, body: crossingThenMore });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('1.hr3');
    const noStart = await t.request('PUT', '/tenants/business-hours', {
      token: admin,
      body: withDay(2, { hr1: undefined }),
    });
    expect(noStart.body.field).toBe('2.hr1');
    const wrongType = await t.request('PUT', '/tenants/business-hours', {
      token: admin,
      body: withDay(3, { type: 'X' as 'O' }),
    });
    expect(wrongType.body.field).toBe('3.type');
    expect((await t.request('PUT', '/tenants/business-hours', { token: fx.tokens.agent, body: night })).status).toBe(
      403,
    );
    expect((await t.request('PUT', '/tenants/business-hours', { body: night })).status).toBe(401);
  });

  it('stores holidays with an optional name and yearly recurrence, one per date', async () => {
    const admin = fx.tokens.admin;
    const holidays = [
      { date: '2026-12-25', name: 'Natal', recurring: true },
      { date: '2026-04-03', name: 'Sexta-feira Santa' },
      { date: '2026-11-20' },
    ];
    const saved = await t.request('PUT', '/tenants/holidays', { token: admin, body: holidays });
    expect(saved.status).toBe(200);
    expect(saved.body.map((h: { date: string }) => h.date)).toEqual(['2026-04-03', '2026-11-20', '2026-12-25']);
    expect((await t.request('GET', '/tenants/holidays', { token: fx.tokens.agent })).body[2]).toEqual(holidays[0]);
    // Another tenant's holidays are its own.
    expect((await t.request('GET', '/tenants/holidays', { token: other.tokens.admin })).body).toEqual([]);
    const badDate = await t.request('PUT', '/tenants/holidays', { token: admin, body: [{ date: '2026-02-30' }] });
    expect(badDate.body.field).toBe('0.date');
    const twice = await t.request('PUT', '/tenants/holidays', {
      token: admin,
      body: [{ date: '2026-12-25' }, { date: '2026-12-25' }],
    });
    expect(twice.body.field).toBe('1.date');
    const badRecurring = await t.request('PUT', '/tenants/holidays', {
      token: admin,
      body: [{ date: '2026-12-25', recurring: 'sim' }],
    });
    expect(badRecurring.body.field).toBe('0.recurring');
    expect((await t.request('PUT', '/tenants/holidays', { token: fx.tokens.agent, body: [] })).status).toBe(403);
  });

  it('keeps the absence text', async () => {
    const text = 'Estamos fora do horário, {{name}}.';
    const res = await t.request('PUT', '/tenants/message-business-hours', {
      token: fx.tokens.admin,
      body: { messageBusinessHours: text },
    });
    expect(res.body).toEqual({ messageBusinessHours: text });
    const empty = await t.request('PUT', '/tenants/message-business-hours', {
      token: fx.tokens.admin,
      body: { messageBusinessHours: '  ' },
    });
    expect(empty.body.field).toBe('messageBusinessHours');
  });

  it("lets an admin set the tenant's IANA time zone and refuses anything else naming the field", async () => {
    expect((await t.request('GET', '/tenants/timezone', { token: fx.tokens.agent })).body).toEqual({
      timezone: 'America/Sao_Paulo',
    });
    const set = await t.request('PUT', '/tenants/timezone', {
      token: fx.tokens.admin,
      body: { timezone: 'America/Manaus' },
    });
    expect(set.body).toEqual({ timezone: 'America/Manaus' });
    expect((await t.request('GET', '/tenants/timezone', { token: other.tokens.admin })).body.timezone).toBe(
      'America/Sao_Paulo',
    );
    for (const timezone of ['Brasil/Sao Paulo', 'GMT-3x', '']) {
      const bad = await t.request('PUT', '/tenants/timezone', { token: fx.tokens.admin, body: { timezone } });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('timezone');
    }
    expect(
      (await t.request('PUT', '/tenants/timezone', { token: fx.tokens.agent, body: { timezone: 'UTC' } })).status,
    ).toBe(403);
    expect((await t.request('GET', '/tenants/timezone', {})).status).toBe(401);
  });

  it('checks the absence settings: retries a whole number, the out-of-hours queue one of the tenant', async () => {
    const admin = fx.tokens.admin;
    expect((await t.request('PUT', '/settings/maxRetries', { token: admin, body: { value: '3' } })).status).toBe(200);
    for (const value of ['-1', 'dois', '21', '1.5']) {
      const bad = await t.request('PUT', '/settings/maxRetries', { token: admin, body: { value } });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('value');
    }
    const own = await t.request('PUT', '/settings/outOfHoursQueueId', {
      token: admin,
      body: { value: String(fx.queue.id) },
    });
    expect(own.status).toBe(200);
    const foreign = await t.request('PUT', '/settings/outOfHoursQueueId', {
      token: admin,
      body: { value: String(other.queue.id) },
    });
    expect(foreign.status).toBe(404);
    expect((await t.request('PUT', '/settings/outOfHoursQueueId', { token: admin, body: { value: '' } })).status).toBe(
      200,
    );
    const toggle = await t.request('PUT', '/settings/useUserBusinessHours', { token: admin, body: { value: 'sim' } });
    expect(toggle.status).toBe(400);
  });
});
