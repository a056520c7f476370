import { ensurePgliteSnapshot, ensurePostgresTemplate } from './db-snapshot.js';

/**
 * Runs once before the integration files: builds the migrated snapshot their databases start from (or finds
 * it from an earlier run), so that no file pays for it and no two workers build it at once.
 */
export async function setup() {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) await ensurePostgresTemplate(adminUrl);
  else await ensurePgliteSnapshot();
}
