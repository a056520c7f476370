import { defaultBusinessHours, defaultRating, defaultSystemColors, toSystemColorList } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

describe('tenants', () => {
  let t: TestApp;
  let root: string;
  let a: Awaited<ReturnType<TestApp['createTenantFixture']>>;
  let b: Awaited<ReturnType<TestApp['createTenantFixture']>>;

  beforeAll(async () => {
    t = await startTestApp();
    root = await t.superadminToken();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
  });
  afterAll(() => t.close());

  it('superadmin creates a tenant with its first admin, lists, updates and deletes it', async () => {
    const created = await t.request('POST', '/tenants/', {
      token: root,
      body: {
        name: 'Padaria Pão Quente',
        status: 'trial',
        maxUsers: 4,
        maxConnections: 2,
        trialEndsAt: '2030-01-31T23:59:59Z',
        admin: { name: 'Carlos', email: 'carlos@padaria.test', password: 'senha-do-carlos' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.tenant).toMatchObject({
      name: 'Padaria Pão Quente',
      status: 'trial',
      maxUsers: 4,
      userCount: 1,
    });
    expect(created.body.admin).toMatchObject({ profile: 'admin', email: 'carlos@padaria.test' });
    const id = created.body.tenant.id;

    const login = await t.login('carlos@padaria.test', 'senha-do-carlos');
    expect(login.body).toMatchObject({ tenantId: id, profile: 'admin' });

    const list = await t.request('GET', '/tenants/?searchParam=padaria', { token: root });
    expect(list.body.tenants.map((x: { id: number }) => x.id)).toEqual([id]);
    const all = await t.request('GET', '/tenants/', { token: root });
    expect(all.body.tenants.some((x: { name: string }) => x.name === 'Plataforma')).toBe(false);

    const updated = await t.request('PUT', `/tenants/${id}`, {
      token: root,
      body: { status: 'inactive', maxUsers: 10 },
    });
    expect(updated.body).toMatchObject({ status: 'inactive', maxUsers: 10 });
    expect((await t.request('GET', '/users', { token: login.token })).body.error).toBe('ERR_TENANT_INACTIVE');
    const alias = await t.request('PUT', `/tenantsUpdate/${id}`, { token: root, body: { status: 'active' } });
    expect(alias.body.status).toBe('active');

    expect((await t.request('DELETE', `/tenants/${id}`, { token: root })).status).toBe(204);
    expect((await t.request('GET', `/tenants/${id}`, { token: root })).status).toBe(404);
    expect(
      (
        await t.request('POST', '/auth/login/', {
          body: { email: 'carlos@padaria.test', password: t.encrypt('senha-do-carlos') },
        })
      ).status,
    ).toBe(401);
  });

  it('validates tenant input, naming the field, and keeps the platform tenant out of reach', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'X', admin: { name: 'Ana', email: 'ana@x.test', password: 'senha-da-ana' } }, 'name'],
      [
        { name: 'Loja', status: 'paused', admin: { name: 'Ana', email: 'ana@x.test', password: 'senha-da-ana' } },
        'status',
      ],
      [
        {
          name: 'Loja',
          timezone: 'Marte/Olympus',
          admin: { name: 'Ana', email: 'ana@x.test', password: 'senha-da-ana' },
        },
        'timezone',
      ],
      [
        { name: 'Loja', maxUsers: 0, admin: { name: 'Ana', email: 'ana@x.test', password: 'senha-da-ana' } },
        'maxUsers',
      ],
      [{ name: 'Loja' }, 'admin'],
      [{ name: 'Loja', admin: { name: 'Ana', email: a.admin.email, password: 'senha-da-ana' } }, 'email'],
    ];
    for (const [body, field] of bad) {
      const res = await t.request('POST', '/tenants/', { token: root, body });
      expect(res.body.field, field).toBe(field);
    }
    const platform = (await t.request('GET', '/users/1', { token: root })).body.tenantId;
    expect((await t.request('GET', `/tenants/${platform}`, { token: root })).status).toBe(404);
    expect((await t.request('DELETE', `/tenants/${platform}`, { token: root })).status).toBe(404);
    expect((await t.request('GET', '/tenants/999999', { token: root })).body.error).toBe('ERR_NO_TENANT_FOUND');
  });

  it('business hours: defaults, validated 7-day shape, and kept per tenant', async () => {
    const initial = await t.request('GET', '/tenants/business-hours/', { token: a.tokens.agent });
    expect(initial.body).toEqual(defaultBusinessHours());
    const hours = defaultBusinessHours().map((d) =>
      d.day === 6 ? { day: 6, label: 'Sábado', type: 'H' as const, hr1: '09:00', hr2: '13:00' } : d,
    );
    const saved = await t.request('PUT', '/tenants/business-hours/', { token: a.tokens.admin, body: hours });
    expect(saved.status).toBe(200);
    expect(saved.body[6]).toMatchObject({ type: 'H', hr1: '09:00', hr2: '13:00' });
    expect((await t.request('GET', '/tenants/business-hours/', { token: b.tokens.admin })).body).toEqual(
      defaultBusinessHours(),
    );

    const sixDays = await t.request('PUT', '/tenants/business-hours/', {
      token: a.tokens.admin,
      body: hours.slice(0, 6),
    });
    expect(sixDays.status).toBe(400);
    const badTime = hours.map((d) => (d.day === 1 ? { ...d, hr1: '25:00' } : d));
    expect(
      (await t.request('PUT', '/tenants/business-hours/', { token: a.tokens.admin, body: badTime })).body.field,
    ).toBe('1.hr1');
    const overlap = hours.map((d) => (d.day === 2 ? { ...d, hr3: '11:00' } : d));
    expect(
      (await t.request('PUT', '/tenants/business-hours/', { token: a.tokens.admin, body: overlap })).body.field,
    ).toBe('2.hr3');
    const twice = hours.map((d) => (d.day === 3 ? { ...d, day: 2 } : d));
    expect((await t.request('PUT', '/tenants/business-hours/', { token: a.tokens.admin, body: twice })).status).toBe(
      400,
    );

    const message = await t.request('PUT', '/tenants/message-business-hours/', {
      token: a.tokens.admin,
      body: { messageBusinessHours: 'Voltamos amanhã às 8h.' },
    });
    expect(message.body).toEqual({ messageBusinessHours: 'Voltamos amanhã às 8h.' });
    expect(
      (await t.request('GET', '/tenants/message-business-hours/', { token: a.tokens.agent })).body.messageBusinessHours,
    ).toBe('Voltamos amanhã às 8h.');
    expect(
      (
        await t.request('PUT', '/tenants/message-business-hours/', {
          token: a.tokens.admin,
          body: { messageBusinessHours: '  ' },
        })
      ).body.field,
    ).toBe('messageBusinessHours');
  });

  it('holidays: dates with optional names, sorted, duplicates refused', async () => {
    const body = [{ date: '2026-12-25', name: 'Natal' }, { date: '2026-11-20' }];
    const saved = await t.request('PUT', '/tenants/holidays/', { token: a.tokens.admin, body });
    expect(saved.body).toEqual([{ date: '2026-11-20' }, { date: '2026-12-25', name: 'Natal' }]);
    expect((await t.request('GET', '/tenants/holidays/', { token: a.tokens.agent })).body).toHaveLength(2);
    expect((await t.request('GET', '/tenants/holidays/', { token: b.tokens.agent })).body).toEqual([]);
    expect(
      (await t.request('PUT', '/tenants/holidays/', { token: a.tokens.admin, body: [{ date: '2026-13-01' }] })).body
        .field,
    ).toBe('0.date');
    const dup = await t.request('PUT', '/tenants/holidays/', {
      token: a.tokens.admin,
      body: [{ date: '2026-12-25' }, { date: '2026-12-25' }],
    });
    expect(dup.body.field).toBe('1.date');
  });

  it('rating: scale 0-5 with labels and texts', async () => {
    expect((await t.request('GET', '/tenants/rating/', { token: a.tokens.agent })).body).toEqual(defaultRating());
    const rating = {
      ...defaultRating(),
      scale: defaultRating()
        .scale.map((s) => ({ ...s, label: `Nota ${s.value}` }))
        .reverse(),
    };
    const saved = await t.request('PUT', '/tenants/rating/', { token: a.tokens.admin, body: rating });
    expect(saved.body.scale[0]).toEqual({ value: 0, label: 'Nota 0' });
    const sixth = { ...rating, scale: [...rating.scale.slice(0, 5), { value: 6, label: 'Seis' }] };
    expect((await t.request('PUT', '/tenants/rating/', { token: a.tokens.admin, body: sixth })).body.field).toBe(
      'scale.5.value',
    );
    const { ratingStore: _omit, ...missing } = rating;
    expect((await t.request('PUT', '/tenants/rating/', { token: a.tokens.admin, body: missing })).body.field).toBe(
      'ratingStore',
    );
  });

  it('system colours and branding per tenant; the public ones are the platform’s', async () => {
    const colors = toSystemColorList({ ...defaultSystemColors, primary: '#112233' });
    const saved = await t.request('PUT', '/tenants/systemColors/', { token: a.tokens.admin, body: colors });
    expect(saved.body[1]).toEqual({ label: 'Primary', primary: '#112233' });
    expect((await t.request('GET', '/tenants/systemColors/', { token: a.tokens.agent })).body[1].primary).toBe(
      '#112233',
    );
    expect((await t.request('GET', '/tenants/systemColors/', { token: b.tokens.agent })).body[1].primary).toBe(
      '#5c67f2',
    );
    expect((await t.request('GET', '/publicSystemColors')).body[1].primary).toBe('#5c67f2');
    const badHex = colors.map((c) => (c.label === 'Warning' ? { label: 'Warning', warning: 'amarelo' } : c));
    expect((await t.request('PUT', '/tenants/systemColors/', { token: a.tokens.admin, body: badHex })).body.field).toBe(
      '4.warning',
    );

    const logo = `data:image/png;base64,${Buffer.from('png').toString('base64')}`;
    const branding = await t.request('PUT', '/tenants/branding/', {
      token: a.tokens.admin,
      body: { appName: 'Alfa Atende', logo },
    });
    expect(branding.body).toEqual({ appName: 'Alfa Atende', logo });
    expect(
      (
        await t.request('PUT', '/tenants/branding/', {
          token: a.tokens.admin,
          body: { appName: 'X', logo: 'javascript:alert(1)' },
        })
      ).body.field,
    ).toBe('logo');
    // The superadmin's own customisation is what the login page shows.
    await t.request('PUT', '/tenants/branding/', { token: root, body: { appName: 'Prosa Brasil', logo: null } });
    expect((await t.request('GET', '/publicBranding')).body.appName).toBe('Prosa Brasil');
  });

  it('queues are per tenant', async () => {
    const created = await t.request('POST', '/queue/', {
      token: a.tokens.admin,
      body: { queue: 'Vendas', color: '#ff0000' },
    });
    expect(created.status).toBe(201);
    const dup = await t.request('POST', '/queue/', { token: a.tokens.admin, body: { queue: 'vendas' } });
    expect(dup.body.field).toBe('queue');
    expect(
      (await t.request('GET', '/queue/', { token: b.tokens.admin })).body.some(
        (q: { queue: string }) => q.queue === 'Vendas',
      ),
    ).toBe(false);
    expect(
      (await t.request('PUT', `/queue/${created.body.id}`, { token: b.tokens.admin, body: { queue: 'Roubada' } }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `/queue/${created.body.id}`, { token: b.tokens.admin })).status).toBe(404);
    expect((await t.request('DELETE', `/queue/${created.body.id}`, { token: a.tokens.admin })).status).toBe(204);
  });
});
