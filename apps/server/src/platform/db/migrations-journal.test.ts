import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

// Drizzle's migrator applies a migration only when its journal time (`when`) is later than the last one the
// database applied: a migration whose `when` is earlier than its predecessor's is silently skipped on every
// database that already had the predecessor. Hand-written migrations must therefore keep the times rising.
type TEntry = { idx: number; when: number; tag: string };
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: TEntry[];
};

describe('the migrations journal', () => {
  it('lists every migration with a later time than the one before, numbered in order', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag.startsWith(String(position).padStart(4, '0')), entry.tag).toBe(true);
      expect(existsSync(path.join(migrationsFolder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      const previous = journal.entries[position - 1];
      if (previous) expect(entry.when, `${entry.tag} after ${previous.tag}`).toBeGreaterThan(previous.when);
    });
  });
});
