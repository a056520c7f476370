import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { listRoutes, type TRoute } from '../../test/routes.js';
import { defOf, sampleOf, shapeOf, unwrap } from '../../test/zod-sample.js';
import { INPUT_REACHED_DATABASE } from './errors.js';

/**
 * Bad input thrown at every route that takes a path parameter, a query or a body, as an admin, an agent and
 * the superadmin: ids past PostgreSQL's integer, NUL and lone surrogates, days that do not exist, repeated and
 * oversized id lists, cut multipart bodies. Each request carries exactly one bad value in an otherwise valid
 * request (as far as a sample from the route's own schema goes); the server must refuse it with a 4xx, never
 * a 5xx, and the database must be byte for byte what it was.
 */

const SEED = 20_261_125;
const RUNS_PER_ROUTE = 12;
const BIG_ID = 99_999_999_999;

/** Routes left out, each with why (none today: every route with input is fuzzed). */
const excluded: Record<string, string> = {};

/**
 * Routes that change something and declare no input, with what they read instead. Any other route without a
 * declared path parameter, query or body must be a GET; a new one that reads a body without a schema fails
 * the test until it declares one (and is fuzzed) or is listed here.
 */
const writesWithoutInput: Record<string, string> = {
  'POST /auth/refresh_token': 'reads only the refresh cookie',
  'POST /auth/logout': 'reads only the refresh cookie',
  'PUT /ticketsUpdateAllUnreadMessages': "acts on the caller's own tickets, no input",
  'POST /pending/resolvePending': "closes the caller's own tenant's pending tickets, no input",
  'POST /messages/sendBirthday': "sends today's birthday messages of the caller's tenant, no input",
  'POST /chat-flow-media': 'a multipart file, read and checked by the handler (flow-media.int.test.ts)',
  'POST /bulkVariable':
    'a multipart form (JSON `data` and a CSV), read and checked by the handler (bulk-api.int.test.ts)',
  'POST /bulkTemplateVariable': 'a multipart form (JSON `data` and a CSV), read and checked by the handler',
  'POST /bulkCall': 'answers 501 until the voice module exists',
  'POST /bulkGroups': 'JSON, or a multipart form (JSON `data` and a file), read and checked by the handler',
  'POST /insight/rebuild': "queues the recompute of the caller's tenant's figures, no input",
  'POST /changePicturesFile':
    'a multipart form (`connectionId`, `groupIds` and one image), read and checked by the handler (group-tools scenarios)',
};

/**
 * Tables whose rows may change on any request, bad or not: login throttling and refresh sessions (a login
 * is how the tokens are had), leases and job queues of background work, and the insight figures that
 * background jobs derive from earlier (valid) changes and logins.
 */
const volatileTables = new Set([
  'login_failures',
  'refresh_tokens',
  'session_leases',
  '__drizzle_migrations',
  'insight_dirty_tickets',
  'insight_ticket_facts',
  'insight_ticket_hours',
  'insight_hourly',
  'insight_daily',
  'insight_daily_zones',
  'insight_user_sessions',
]);

const badClasses = ['bigId', 'nul', 'surrogate', 'badDate', 'repeatedIds', 'tooManyIds', 'cutMultipart'] as const;
type TBadClass = (typeof badClasses)[number];
type TPart = 'params' | 'query' | 'body';
type TCase = { part: TPart; key: string; badClass: TBadClass; badDate: string; role: TRole };
type TRole = 'admin' | 'agent' | 'superadmin';

const badDates = ['31/02/2026', 'abc', '2026-02-31', '2026-13-01', '2026-02-29T25:00:00Z'];
const nul = 'Olá\u0000mundo';
const surrogate = 'emoji \ud83d cortado';

/** Routes whose input comes from outside parties: cleaned, never refused (a 2xx is fine, a 5xx is not). */
const isOutsideParty = (route: TRoute) => {
  const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
  return tags.includes('channels') || tags.includes('webchat');
};

const partsOf = (route: TRoute) => {
  const schema = (route.schema ?? {}) as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  return { params: schema.params, query: schema.querystring, body: schema.body };
};

/** The bad value of a class for one field: JSON in a body, text in a path or query. */
const badValue = (c: TCase, id: number, inText: boolean): unknown => {
  switch (c.badClass) {
    case 'bigId':
      return inText ? String(BIG_ID) : BIG_ID;
    case 'nul':
      return nul;
    case 'surrogate':
      // A URL cannot carry a lone surrogate (its UTF-8 does not exist): NUL stands in for it there.
      return inText ? nul : surrogate;
    case 'badDate':
      return c.badDate;
    case 'repeatedIds':
      return inText ? `${id},${id}` : [id, id];
    case 'tooManyIds':
      return inText
        ? Array.from({ length: 600 }, (_, i) => i + 1).join(',')
        : Array.from({ length: 70_000 }, (_, i) => i + 1);
    case 'cutMultipart':
      return inText ? nul : surrogate;
    default: {
      const never: never = c.badClass;
      return never;
    }
  }
};

const cutMultipart = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nOlá\r\n--${boundary}\r\n` +
  `Content-Disposition: form-data; name="medias"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;

describe('fuzz: bad input never answers 5xx and never writes', () => {
  let t: TestApp;
  /** Requests whose bad input the database refused (the safety net answered): the boundary missed them. */
  const reachedDatabase: string[] = [];
  const tokens = {} as Record<TRole, string>;
  const ids: Record<string, number> = {};
  /** The web chat's public token: its visitor routes then reach the cleaning path, not only the 404. */
  let webchatToken = '';

  beforeAll(async () => {
    t = await startTestApp();
    // Without a logger, every request logs through the app's own (no-op) logger: listen for the net's warning.
    const { log } = t.prosa.app;
    const warn = log.warn.bind(log);
    log.warn = ((...args: unknown[]) => {
      if (args.includes(INPUT_REACHED_DATABASE)) reachedDatabase.push(String(args[0]));
      return (warn as (...a: unknown[]) => void)(...args);
    }) as typeof log.warn;
    const fx = await t.createTenantFixture('Fuzz');
    tokens.admin = fx.tokens.admin;
    tokens.agent = fx.tokens.agent;
    tokens.superadmin = await t.superadminToken();
    const post = async (path: string, body: unknown) => {
      const res = await t.request('POST', path, { token: fx.tokens.admin, body });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number };
    };
    const connection = await post('/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id });
    webchatToken = (connection as unknown as { token: string }).token;
    const contact = await post('/contacts', { name: 'Cliente Fuzz', number: '5511987654321' });
    const ticket = await post('/tickets', { contactId: contact.id, whatsappId: connection.id, status: 'open' });
    const tag = await post('/tags', { tag: 'VIP' });
    const reason = await post('/reasons', { name: 'Resolvido' });
    Object.assign(ids, {
      tenantId: fx.tenantId,
      userId: fx.agent.id,
      queueId: fx.queue.id,
      whatsappId: connection.id,
      contactId: contact.id,
      ticketId: ticket.id,
      tagId: tag.id,
      reasonId: reason.id,
    });
  }, 180_000);
  afterAll(() => t.close());

  /** The fixture's row a field or parameter most likely names. */
  const idFor = (key: string, url = ''): number | undefined => {
    if (key === 'id') {
      const [, first = ''] = url.split('/');
      if (/^tag/.test(first)) return ids.tagId;
      if (/^reason/.test(first)) return ids.reasonId;
      if (/^user/.test(first)) return ids.userId;
      if (/^queue/.test(first)) return ids.queueId;
      if (/^tenant/.test(first)) return ids.tenantId;
      if (/^contact/.test(first)) return ids.contactId;
      if (/^whatsapp|^connection/.test(first)) return ids.whatsappId;
      return ids.ticketId;
    }
    const direct = ids[key] ?? ids[key.replace(/s$/, '')] ?? ids[`${key.replace(/Ids?$/, '')}Id`];
    if (direct) return direct;
    if (/^(tags|tagIds)$/.test(key)) return ids.tagId;
    if (/^(queues|queueIds|queuesIds)$/.test(key)) return ids.queueId;
    if (/^(wallets|selectedUser)$/.test(key)) return ids.userId;
    if (/contact/i.test(key)) return ids.contactId;
    if (/ticket/i.test(key)) return ids.ticketId;
    if (/^(whatsappIds|connection)/.test(key)) return ids.whatsappId;
    return undefined;
  };

  /** Every user table's rows, hashed in one statement: any insert, update or delete shows. */
  let snapshotSql: ReturnType<typeof sql.raw> | undefined;
  const snapshot = async () => {
    if (!snapshotSql) {
      const { rows } = (await t.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as unknown as { rows: { tablename: string }[] };
      const tables = rows.map((row) => row.tablename).filter((name) => !volatileTables.has(name));
      snapshotSql = sql.raw(
        tables
          .map(
            (name) =>
              `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
          )
          .join(' union all '),
      );
    }
    const { rows } = (await t.db.execute(snapshotSql)) as unknown as { rows: { name: string; h: string }[] };
    return Object.fromEntries(rows.map((row) => [row.name, row.h]));
  };

  /** The request of one case: a sample of the route's schemas with the case's bad value in its place. */
  const build = (route: TRoute, c: TCase) => {
    const parts = partsOf(route);
    const paramValues: Record<string, string> = {};
    for (const name of Object.keys(shapeOf(parts.params)))
      paramValues[name] =
        name === '*' ? 'x' : name === 'token' ? webchatToken : String(idFor(name, route.url) ?? 'abcdefghijklmnop');
    const query = (parts.query ? sampleOf(parts.query, (k) => idFor(k, route.url)) : {}) as Record<string, unknown>;
    let body = parts.body ? sampleOf(parts.body, (k) => idFor(k, route.url)) : undefined;
    const id = ids.tagId as number;
    if (c.part === 'params') paramValues[c.key] = String(badValue(c, id, true));
    if (c.part === 'query') query[c.key] = badValue(c, id, true);
    if (c.part === 'body') body = { ...(body as object), [c.key]: badValue(c, id, false) };
    const path = route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
      encodeURIComponent(paramValues[name ?? '*'] ?? 'x'),
    );
    const search = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
      .join('&');
    const url = search ? `${path}?${search}` : path;
    if (c.badClass === 'cutMultipart' && c.part === 'body') {
      const boundary = 'fuzzboundary';
      return {
        url,
        body: cutMultipart(boundary),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    }
    return { url, body, headers: undefined };
  };

  /** What kind of value a field takes, which says which bad values are bad for it. */
  const kindOf = (schema: z.ZodType): 'number' | 'date' | 'ids' | 'free' | 'other' => {
    const def = defOf(unwrap(schema));
    if (['unknown', 'any', 'record'].includes(def.type)) return 'free';
    if (def.type === 'number' || def.type === 'int') return 'number';
    if (def.type === 'array') {
      const element = defOf(unwrap(def.element as z.ZodType)).type;
      return element === 'number' || element === 'int' ? 'ids' : 'other';
    }
    const formats = def.type === 'union' ? (def.options ?? []).map((o) => defOf(unwrap(o)).format) : [def.format];
    return formats.some((format) => format === 'date' || format === 'datetime') ? 'date' : 'other';
  };
  const classesFor: Record<ReturnType<typeof kindOf>, TBadClass[]> = {
    number: ['bigId', 'nul', 'surrogate'],
    date: ['badDate', 'nul', 'surrogate'],
    ids: ['repeatedIds', 'tooManyIds', 'bigId', 'nul'],
    other: ['nul', 'surrogate'],
    // Free-form values (a record, unknown) take anything by design: only text the database refuses is bad.
    free: ['nul', 'surrogate'],
  };

  /** Where a bad value can go on this route, and which: each path parameter, query key and body key. */
  const casesOf = (route: TRoute): Omit<TCase, 'badDate' | 'role'>[] => {
    const parts = partsOf(route);
    const cases: Omit<TCase, 'badDate' | 'role'>[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const shape = shapeOf(parts[part]);
      for (const [key, schema] of Object.entries(shape))
        for (const badClass of classesFor[kindOf(schema)]) cases.push({ part, key, badClass });
      if (part === 'body' && parts.body) {
        if (Object.keys(shape).length === 0) cases.push({ part, key: 'texto', badClass: 'nul' });
        cases.push({ part, key: '', badClass: 'cutMultipart' });
      }
    }
    return cases;
  };

  it('answers every route with a 4xx and stores nothing', { timeout: 120_000 }, async () => {
    // FUZZ_ROUTE=<regex> narrows the run to some routes while fixing one.
    const only = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : null;
    const routes = listRoutes(t.prosa.app).filter((route) => {
      const parts = partsOf(route);
      return !excluded[`${route.method} ${route.url}`] && (parts.params || parts.query || parts.body);
    });
    expect(routes.length).toBeGreaterThan(50);
    const withoutInput = listRoutes(t.prosa.app).filter((route) => {
      const parts = partsOf(route);
      return !parts.params && !parts.query && !parts.body && route.method !== 'GET';
    });
    expect(withoutInput.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      Object.keys(writesWithoutInput).sort(),
    );
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    // Each route's "after" is the next route's "before": one hash of the database per route.
    let before = await snapshot();
    for (const route of routes) {
      if (only && !only.test(`${route.method} ${route.url}`)) continue;
      const cases = casesOf(route);
      if (cases.length === 0) continue;
      const outside = isOutsideParty(route);
      const seen: string[] = [];
      const property = fc.asyncProperty(
        fc.constantFrom(...cases),
        fc.constantFrom(...badDates),
        fc.constantFrom<TRole>('admin', 'agent', 'superadmin'),
        async (picked, badDate, role) => {
          const c: TCase = { ...picked, badDate, role };
          const { badClass } = c;
          const request = build(route, c);
          const res = await t.request(route.method, request.url, {
            token: tokens[role],
            body: request.body,
            headers: request.headers,
          });
          requests += 1;
          const refusedByDatabase = reachedDatabase.length > 0;
          reachedDatabase.length = 0;
          const label = `${route.method} ${request.url.slice(0, 120)} [${c.part}.${c.key} ${badClass} as ${role}]`;
          if (res.status >= 500) throw new Error(`${label} -> ${res.status} ${JSON.stringify(res.body)}`);
          if (refusedByDatabase)
            throw new Error(`${label} -> ${res.status}, refused by the database, not the boundary`);
          if (!outside && (res.status < 400 || res.status >= 500))
            throw new Error(`${label} -> ${res.status}: bad input was not refused`);
          seen.push(label);
        },
      );
      try {
        await fc.assert(property, { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
      } catch (error) {
        // fast-check's report: the seed, the counterexample and the error it raised.
        const cause = (error as { cause?: unknown }).cause;
        const detail = cause instanceof Error ? cause.message : (error as Error).message.split('\n')[0];
        failures.push(`${route.method} ${route.url} (seed ${SEED}): ${detail}`);
      }
      const after = await snapshot();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0 && !outside)
        failures.push(`${route.method} ${route.url}: wrote to ${changed.join(', ')} (${seen.at(-1) ?? ''})`);
      before = after;
    }
    console.info(`fuzz: ${routes.length} routes, ${requests} requests in ${Date.now() - started} ms, seed ${SEED}`);
    expect(failures).toEqual([]);
  });
});
