import type { TExecutor } from '../../platform/db/client.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { findUser } from '../users/users.service.js';

/** The family's signature: the agent's name in bold (WhatsApp markup) on its own line above the text. */
export const signBody = (name: string, body: string): string => `*${name.trim()}*:\n${body}`;

/**
 * The text an agent's message is stored and sent with: signed with the agent's name when the tenant's
 * "sign messages" setting (`signed`) is on. An empty body (a file without caption) stays empty.
 */
export const signedBodyOf = async (tx: TExecutor, tenantId: number, userId: number, body: string): Promise<string> => {
  if (!body.trim()) return body;
  const settings = await getTenantSettings(tx, tenantId);
  if (settings.signed !== 'enabled') return body;
  const user = await findUser(tx, tenantId, userId);
  return user?.name.trim() ? signBody(user.name, body) : body;
};
