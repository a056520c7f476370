import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { connections, contacts, messages } from '../../platform/db/schema.js';
import { BIRTHDAY_JOB } from './birthday.job.js';
import { listBirthdays } from './list-birthdays.js';
import { runBirthdays } from './run-birthdays.js';

// Birthday messages: once per contact and year however often the daily job (or the admin) runs, in the
// tenant's zone, through the connection's template; contacts without a birthday or a connection are not sent to.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

describe('birthdays', () => {
  let t: TestApp;
  let fx: TFixture;
  let other: TFixture;
  let connectionId: number;

  const addContact = async (tenantId: number, name: string, birthday: string | null, number: string) => {
    const [row] = await t.db
      .insert(contacts)
      .values({ tenantId, name, number, birthday, email: 'a@b.test' })
      .returning();
    return (row as { id: number }).id;
  };
  const birthdayMessages = async (contactId: number) =>
    t.db.select().from(messages).where(eq(messages.contactId, contactId));
  const deps = () => ({ ...t.prosa.services, pace: { minMs: 0, maxMs: 0 } });

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    fx = await t.createTenantFixture('Aniversarios');
    other = await t.createTenantFixture('Outros aniversarios');
    const [row] = await t.db
      .insert(connections)
      .values({ tenantId: fx.tenantId, name: 'Recepção', type: 'webchat', status: 'CONNECTED', isDefault: true })
      .returning();
    connectionId = (row as { id: number }).id;
    const saved = await t.request('PUT', '/birthdays/settings', {
      token: fx.tokens.admin,
      body: { settings: [{ connectionId, enabled: true, message: 'Parabéns, {{name}}! {{unknown}}' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('sends once however many times it runs in a day, with the template filled', async () => {
    const ana = await addContact(fx.tenantId, 'Ana Souza', '15/03/1990', '5511911110001');
    const none = await addContact(fx.tenantId, 'Sem data', null, '5511911110002');
    const other = await addContact(fx.tenantId, 'Outro dia', '16/03', '5511911110003');
    // 15 March, 10:00 in São Paulo.
    const at = new Date('2027-03-15T13:00:00Z');
    const first = await runBirthdays(deps(), fx.tenantId, at);
    const second = await runBirthdays(deps(), fx.tenantId, at);
    expect(first).toMatchObject({ sent: 1 });
    expect(second).toMatchObject({ sent: 0, already: 1 });
    const sent = await birthdayMessages(ana);
    expect(sent.map((row) => ({ body: row.body, sendType: row.sendType }))).toEqual([
      { body: 'Parabéns, Ana Souza! {{unknown}}', sendType: 'birthday' },
    ]);
    expect(await birthdayMessages(none)).toEqual([]);
    expect(await birthdayMessages(other)).toEqual([]);
  });

  it('takes the day in the tenant zone: 23:30 of the 19th in São Paulo is still the 19th', async () => {
    const bia = await addContact(fx.tenantId, 'Bia', '19/04', '5511911110004');
    const cris = await addContact(fx.tenantId, 'Cris', '20/04', '5511911110005');
    await runBirthdays(deps(), fx.tenantId, new Date('2027-04-20T02:30:00Z'));
    expect(await birthdayMessages(bia)).toHaveLength(1);
    expect(await birthdayMessages(cris)).toHaveLength(0);
  });

  it('celebrates 29 February on 28 February in years without it', async () => {
    const leap = await addContact(fx.tenantId, 'Bissexto', '29/02/2000', '5511911110006');
    await runBirthdays(deps(), fx.tenantId, new Date('2027-02-28T13:00:00Z'));
    expect(await birthdayMessages(leap)).toHaveLength(1);
    // In a leap year, the 29th itself (the 28th sends nothing).
    await runBirthdays(deps(), fx.tenantId, new Date('2028-02-28T13:00:00Z'));
    expect(await birthdayMessages(leap)).toHaveLength(1);
    await runBirthdays(deps(), fx.tenantId, new Date('2028-02-29T13:00:00Z'));
    expect(await birthdayMessages(leap)).toHaveLength(2);
  });

  it('records a contact as skipped, with the reason, when no connection sends birthdays', async () => {
    const lone = await addContact(other.tenantId, 'Sem canal', '10/05', '5511911110007');
    const result = await runBirthdays(deps(), other.tenantId, new Date('2027-05-10T13:00:00Z'));
    expect(result).toMatchObject({ sent: 0, skipped: 1 });
    expect(await birthdayMessages(lone)).toEqual([]);
    const ctx = { tenantId: other.tenantId, userId: other.agent.id, profile: 'user' as const };
    const list = await listBirthdays(t.prosa.services, ctx as never, 5, new Date('2027-05-10T13:00:00Z'));
    expect(list.contacts.find((item) => item.id === lone)?.send).toMatchObject({
      status: 'skipped',
      reason: 'no_connection',
    });
  });

  it('runs as a daily cron job in the tenant zone, once per day', async () => {
    const dia = await addContact(fx.tenantId, 'Dia', '12/06', '5511911110008');
    const { jobs } = t.prosa.services;
    // 09:00 in São Paulo is 12:00 UTC; the clock looks twice.
    await jobs.checkCron(new Date('2027-06-12T12:00:01Z'));
    await jobs.checkCron(new Date('2027-06-12T12:00:02Z'));
    const { rows } = (await t.db.execute(
      sql`select id from pgboss.job where data->>'job' = ${BIRTHDAY_JOB}
          and (data->>'tenantId')::int = ${fx.tenantId} and data->'payload'->>'scheduledFor' = '2027-06-12T12:00:00.000Z'`,
    )) as unknown as { rows: { id: string }[] };
    expect(rows).toHaveLength(1);
    await eventually(async () => expect(await birthdayMessages(dia)).toHaveLength(1));
    await eventually(async () => {
      const done = (await t.db.execute(
        sql`select state from pgboss.job where id = ${rows[0]?.id as string}::uuid`,
      )) as unknown as { rows: { state: string }[] };
      expect(done.rows[0]?.state).toBe('completed');
    });
  });

  it('two instances running the same day at once send each birthday once', async () => {
    const second = await startTestApp(fastJobs, { shareDatabaseWith: t });
    try {
      const duas = await addContact(fx.tenantId, 'Duas Vezes', '20/07', '5511911110009');
      const at = new Date('2027-07-20T12:00:00Z');
      const runs = await Promise.all([
        runBirthdays(deps(), fx.tenantId, at),
        runBirthdays({ ...second.prosa.services, pace: { minMs: 0, maxMs: 0 } }, fx.tenantId, at),
      ]);
      expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
      expect(await birthdayMessages(duas)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('lists the month with what was sent, and guards its routes', async () => {
    const list = await t.request('GET', '/birthdays?month=3', { token: fx.tokens.agent });
    expect(list.status).toBe(200);
    expect(list.body.contacts.find((item: { name: string }) => item.name === 'Ana Souza')).toMatchObject({
      day: 15,
      month: 3,
    });
    const ctx = { tenantId: fx.tenantId, userId: fx.agent.id, profile: 'user' as const };
    const march = await listBirthdays(t.prosa.services, ctx as never, 3, new Date('2027-03-15T13:00:00Z'));
    expect(march.today).toBe('2027-03-15');
    expect(march.contacts.find((item) => item.name === 'Ana Souza')).toMatchObject({
      isToday: true,
      send: { status: 'sent', connectionName: 'Recepção' },
    });
    expect((await t.request('GET', '/birthdays')).status).toBe(401);
    expect((await t.request('POST', '/messages/sendBirthday', { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('GET', '/birthdays/settings', { token: fx.tokens.agent })).status).toBe(403);
    const bad = await t.request('GET', '/birthdays?month=13', { token: fx.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('month');
    const foreign = await t.request('PUT', '/birthdays/settings', {
      token: other.tokens.admin,
      body: { settings: [{ connectionId, enabled: true, message: 'x' }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('settings');
    const now = await t.request('POST', '/messages/sendBirthday', { token: fx.tokens.admin });
    expect(now.status).toBe(200);
    expect(now.body).toHaveProperty('sent');
    const settings = await t.request('GET', '/birthdays/settings', { token: fx.tokens.admin });
    expect(settings.body).toEqual([
      { connectionId, connectionName: 'Recepção', enabled: true, message: 'Parabéns, {{name}}! {{unknown}}' },
    ]);
  });
});
