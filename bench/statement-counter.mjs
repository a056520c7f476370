// Bench only: counts the SQL statements a server process sends to its database, by transaction kind, so a
// benchmark can report statements per request, a figure a shared machine does not distort. Loaded into the
// server with BENCH_SERVER_NODE_ARGS="--import ./bench/statement-counter.mjs" and BENCH_STATEMENT_FILE=<path>
// (bench/lib.ts `statementCounter` does both); on SIGUSR2 the counts so far are written to that file as JSON.
//
// PGlite: every statement is a Parse (extended protocol) or a Query (simple protocol) message through
// `execProtocolStream`; PostgreSQL: `pg`'s `Client.prototype.query`. A transaction (BEGIN ... COMMIT or
// ROLLBACK on one connection) is classed by the statements it held (an engine run claims `chat_flow_runs`).
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_STATEMENT_FILE;
const normalise = (text) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/\b\d+\b/g, 'N')
    .replace(/(, \?)+/g, ', ?…')
    .replace(/(\(\?…?\), )+/g, '(…), ')
    .slice(0, 160);

const kinds = [
  ['flow-run', /insert into "chat_flow_runs"/i],
  ['flow-other', /"ticket_flow_states"|"chat_flow_runs"/i],
  ['inbound', /insert into "messages"/i],
  ['job-fetch', /with next as|update pgboss\.job|pgboss\.job.*for update/i],
  ['send', /"messages".*for update|update "messages" set "status"/i],
];
const kindOf = (statements) => {
  for (const [kind, pattern] of kinds) if (statements.some((text) => pattern.test(text))) return kind;
  return 'other';
};

// `ms`: PGlite only, the time inside the database (its WebAssembly) per statement text.
const totals = { statements: 0, autocommit: 0, transactions: {}, texts: {}, ms: {} };
const open = new WeakMap();
/** Per connection, the statement whose protocol messages run now (PGlite's time is added to it). */
const current = new WeakMap();

const add = (kind, statement) => {
  const key = normalise(statement.text);
  totals.texts[kind] ??= {};
  totals.texts[kind][key] = (totals.texts[kind][key] ?? 0) + 1;
  totals.ms[kind] ??= {};
  totals.ms[kind][key] = (totals.ms[kind][key] ?? 0) + statement.ms;
};

/**
 * Per connection, the last statement outside a transaction or a COMMIT, with its kind: its time is complete
 * once the next statement starts.
 */
const pending = new WeakMap();

/** PGlite's prepared statements (apps/server/src/platform/db/pglite-prepared.ts), by name: counted as their text. */
const preparedTexts = new Map();
const PREPARE = /^prepare (\w+) as ([\s\S]*)$/i;
const EXECUTE = /^execute (\w+) \(/i;

const record = (session, raw) => {
  const prepare = PREPARE.exec(raw.trim());
  if (prepare) preparedTexts.set(prepare[1], prepare[2]);
  const execute = EXECUTE.exec(raw.trim());
  if (execute && preparedTexts.has(execute[1])) raw = preparedTexts.get(execute[1]);
  const previous = pending.get(session);
  if (previous) {
    pending.delete(session);
    add(previous.kind, previous.statement);
  }
  const text = raw.trim();
  totals.statements++;
  const statement = { text, ms: 0 };
  current.set(session, statement);
  const head = text.slice(0, 20).toLowerCase();
  if (head.startsWith('begin')) {
    open.set(session, [statement]);
    return;
  }
  const statements = open.get(session);
  if (head.startsWith('commit') || head.startsWith('rollback')) {
    if (!statements) return;
    open.delete(session);
    const kind = kindOf(statements.map((each) => each.text));
    totals.transactions[kind] ??= { count: 0, statements: 0 };
    const entry = totals.transactions[kind];
    entry.count++;
    entry.statements += statements.length + 1;
    for (const each of statements) add(kind, each);
    pending.set(session, { kind, statement });
    return;
  }
  if (statements) statements.push(statement);
  else {
    totals.autocommit++;
    pending.set(session, { kind: 'autocommit', statement });
  }
};

const readCString = (bytes, from) => {
  let end = from;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return [Buffer.from(bytes.buffer, bytes.byteOffset + from, end - from).toString('utf8'), end + 1];
};

try {
  const { PGlite } = await import('@electric-sql/pglite');
  const original = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function (message, options) {
    const type = message[0];
    // 'P' Parse: length, statement name, text. 'Q' Query: length, text.
    if (type === 0x50) {
      const [, at] = readCString(message, 5);
      record(this, readCString(message, at)[0]);
    } else if (type === 0x51) record(this, readCString(message, 5)[0]);
    return original.call(this, message, options);
  };
  const originalSync = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function (message) {
    const started = performance.now();
    try {
      return originalSync.call(this, message);
    } finally {
      const statement = current.get(this);
      if (statement) statement.ms += performance.now() - started;
    }
  };
} catch {
  // not installed here
}
try {
  const { default: pg } = await import('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') record(this, text);
    return original.call(this, config, ...rest);
  };
} catch {
  // not installed here
}

if (file)
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify({ at: Date.now(), ...totals }));
  });
