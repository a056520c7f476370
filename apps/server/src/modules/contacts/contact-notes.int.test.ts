import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Notas');
  other = await t.createTenantFixture('Alheia');
}, 240_000);
afterAll(() => t?.close());

describe('contact notes', () => {
  it('an agent writes the team’s notes on a contact, reads them back and clears them', async () => {
    const created = await t.request('POST', '/contacts', {
      token: fx.tokens.agent,
      body: { name: 'Helena', number: '+55 11 98888-1111', notes: 'Cliente desde 2019' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.notes).toBe('Cliente desde 2019');
    const id = created.body.id as number;

    const changed = await t.request('PUT', `/contacts/${id}`, {
      token: fx.tokens.agent,
      body: { notes: 'Prefere ligação à tarde' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', `/contacts/${id}`, { token: fx.tokens.agent })).body.notes).toBe(
      'Prefere ligação à tarde',
    );
    const cleared = await t.request('PUT', `/contacts/${id}`, { token: fx.tokens.agent, body: { notes: '  ' } });
    expect(cleared.body.notes).toBeNull();

    const long = await t.request('PUT', `/contacts/${id}`, {
      token: fx.tokens.agent,
      body: { notes: 'x'.repeat(5001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('notes');
    expect((await t.request('PUT', `/contacts/${id}`, { body: { notes: 'a' } })).status).toBe(401);
    const foreign = await t.request('PUT', `/contacts/${id}`, { token: other.tokens.admin, body: { notes: 'a' } });
    expect(foreign.status).toBe(404);
  });
});
