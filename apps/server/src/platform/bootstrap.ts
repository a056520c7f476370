import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/passwords.js';
import type { TConfig } from './config.js';
import type { TDb } from './db/client.js';
import { tenants, users } from './db/schema.js';
import { findPlatformSetting, setPlatformSetting } from './settings-store.js';

const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * First start on an empty database: the platform tenant with its superadmin and, when asked, the demo tenant.
 * Each step is recorded, so a restart never seeds again nor changes a password.
 */
export const seedOnFirstStart = async (db: TDb, config: TConfig, log: FastifyBaseLogger): Promise<void> => {
  if (!(await findPlatformSetting(db, 'seed.superadmin'))) {
    const password = config.superadminPassword ?? generatePassword();
    await db.transaction(async (tx) => {
      const [platform] = await tx
        .insert(tenants)
        .values({ name: 'Plataforma', status: 'active', isPlatform: true, maxUsers: 50 })
        .returning();
      await tx.insert(users).values({
        tenantId: (platform as { id: number }).id,
        name: 'Superadmin',
        email: config.superadminEmail,
        passwordHash: await hashPassword(password),
        profile: 'superadmin',
      });
      await setPlatformSetting(tx, 'seed.superadmin', { at: new Date().toISOString() });
    });
    announce(log, 'Superadmin created', config.superadminEmail, config.superadminPassword ? undefined : password);
  }
  if (config.seedDemo && !(await findPlatformSetting(db, 'seed.demo'))) {
    const password = config.demoPassword ?? generatePassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [demo] = await tx
        .insert(tenants)
        .values({ name: 'Demo', status: 'active', maxUsers: 10, maxConnections: 3 })
        .returning();
      const tenantId = (demo as { id: number }).id;
      await tx.insert(users).values([
        { tenantId, name: 'Admin Demo', email: 'admin@demo.local', passwordHash, profile: 'admin' },
        { tenantId, name: 'Agente Demo', email: 'agent@demo.local', passwordHash, profile: 'user' },
      ]);
      await setPlatformSetting(tx, 'seed.demo', { at: new Date().toISOString() });
    });
    announce(
      log,
      'Demo tenant created',
      'admin@demo.local, agent@demo.local',
      config.demoPassword ? undefined : password,
    );
  }
};

const announce = (log: FastifyBaseLogger, what: string, who: string, generated: string | undefined) => {
  if (generated) {
    // Printed once, on the console only: it is never stored in plain text.
    process.stdout.write(`\n  ${what}: ${who}\n  Generated password (shown only now): ${generated}\n\n`);
  } else {
    log.info({ who }, `${what} with the configured password`);
  }
};
