import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createOpaqueToken, hashOpaqueToken } from '../../platform/auth/tokens.js';
import { users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  claimPasswordReset,
  countRecentFailures,
  findLoginCandidate,
  insertPasswordReset,
  invalidatePasswordResets,
  recordFailures,
} from './auth.repository.js';
import { revokeUserSessions } from './sessions.js';

const RESET_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per address per hour, so the form cannot flood an inbox. */
const MAX_RESET_MAILS_PER_HOUR = 3;

/**
 * Sends a single-use reset link valid for one hour. The caller answers the same whether or not the e-mail
 * exists; the lookup and the mail run in the background so timing does not tell either.
 */
export const requestPasswordReset = (
  services: Pick<TServices, 'db' | 'config' | 'mailer' | 'background'>,
  email: string,
): void => {
  services.background.run('password-reset-mail', async () => {
    const throttleKey = `reset:${email}`;
    const recent = await countRecentFailures(services.db, [throttleKey], new Date(Date.now() - RESET_TTL_MS));
    if ((recent.get(throttleKey) ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return;
    await recordFailures(services.db, [throttleKey]);
    const candidate = await findLoginCandidate(services.db, email);
    if (!candidate) return;
    const { token, hash } = createOpaqueToken();
    await withTenant(services.db, candidate.user.tenantId, (tx) =>
      insertPasswordReset(tx, candidate.user.tenantId, {
        userId: candidate.user.id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      }),
    );
    const link = `${services.config.publicUrl}/reset/${token}`;
    await services.mailer.send({
      to: candidate.user.email,
      subject: 'Redefinição de senha',
      text: [
        `Olá, ${candidate.user.name}.`,
        '',
        'Recebemos um pedido para redefinir a sua senha. Para escolher uma nova senha, abra o link abaixo',
        '(válido por 1 hora e por um único uso):',
        '',
        link,
        '',
        'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
      ].join('\n'),
    });
  });
};

/** Sets the new password, consumes the token and ends every session of the user. */
export const resetPassword = async (
  services: Pick<TServices, 'db' | 'realtime'>,
  token: string,
  password: string,
): Promise<void> => {
  const claimed = await claimPasswordReset(services.db, hashOpaqueToken(token));
  if (!claimed) throw new AppError('ERR_INVALID_RESET_TOKEN', { field: 'token' });
  const passwordHash = await hashPassword(password);
  await withTenant(services.db, claimed.tenantId, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, claimed.userId));
    await revokeUserSessions(tx, claimed.tenantId, claimed.userId);
    await invalidatePasswordResets(tx, claimed.tenantId, claimed.userId);
  });
  services.realtime.revoke({ tenantId: claimed.tenantId, userId: claimed.userId, reason: 'session-ended' });
};
