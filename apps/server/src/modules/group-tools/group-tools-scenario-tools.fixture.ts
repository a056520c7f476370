import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventually } from '../../../test/sockets.js';
import type { TGroupToolsContext, TGroupWorld } from './group-tools-world.fixture.js';

/** What the group-tool scenarios share: the API as the tenant's admin, the word filter's progress, the members. */
export const groupScenarioTools = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  const call = (method: string, path: string, body?: unknown, token: string | null = ctx.fx.tokens.admin) =>
    ctx.t.request(method, path, { token: token ?? undefined, body });

  /** Waits until the word filter handled the message the channel gave this id (its job completed). */
  const filtered = (externalId: string) =>
    eventually(async () => {
      const { rows } = (await ctx.t.db.execute(
        sql`select count(*)::int as done from pgboss.job j join messages m on m.id = (j.data->'payload'->>'messageId')::int
          where j.data->>'job' = 'event.group-word-filter' and j.state = 'completed' and m.message_id = ${externalId}`,
      )) as unknown as { rows: { done: number }[] };
      expect(rows[0]?.done).toBe(1);
    }, 20_000);

  const members = (jid: string) => world.group(jid)?.participants.map((member) => member.id) ?? [];
  const deletes = world.deletesMembersMessages !== false;
  return { call, filtered, members, deletes };
};
