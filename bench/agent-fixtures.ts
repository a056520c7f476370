// Agents written straight into a bench's PostgreSQL database, with access tokens minted as /auth/login signs
// them (same claims, same secret), so that a bench with a thousand agents does not spend minutes in argon2.
import pg from 'pg';
import { createAccessTokens } from '../apps/server/src/platform/auth/tokens.js';

/** Never checked: the agents never sign in with a password. */
const UNUSABLE_HASH = '$argon2id$bench-agents-sign-in-with-minted-tokens';

export const agentFixtures = (databaseUrl: string, jwtSecret: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  const tokens = createAccessTokens(jwtSecret, 3600);
  return {
    /** The agents (profile `user`) of one queue, created together; their tokens in the order of `emails`. */
    agents: async (tenantId: number, queueId: number, emails: string[]): Promise<string[]> => {
      await connected;
      const { rows } = await client.query<{ id: number; token_version: number }>(
        `insert into users (tenant_id, name, email, password_hash, profile)
         select $1, 'Agente ' || email, email, $2, 'user' from unnest($3::text[]) with ordinality as e(email, n)
         order by n returning id, token_version`,
        [tenantId, UNUSABLE_HASH, emails],
      );
      await client.query('insert into users_queues (tenant_id, user_id, queue_id) select $1, unnest($2::int[]), $3', [
        tenantId,
        rows.map((row) => row.id),
        queueId,
      ]);
      return Promise.all(
        rows.map((row) => tokens.sign({ userId: row.id, tenantId, profile: 'user', ver: row.token_version })),
      );
    },
    close: async () => {
      await connected;
      await client.end();
    },
  };
};
export type TAgentFixtures = ReturnType<typeof agentFixtures>;
