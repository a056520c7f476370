import type { TConnection } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TServices } from '../../platform/services.js';
import type { TConnectionRow } from './connections.repository.js';

const adminProfiles = new Set(['admin', 'super', 'superadmin']);

/** A connection as the API shows it; token, settings and QR code only to admins (`ctx` null: the tenant-wide event). */
export const toConnectionDto = (
  row: TConnectionRow,
  ctx: TRequestContext | null,
  services?: Pick<TServices, 'channels' | 'config'>,
): TConnection => {
  const admin = ctx !== null && adminProfiles.has(ctx.profile);
  const settings = admin ? services?.channels.publicSettings(row, services.config.publicUrl) : undefined;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    isDefault: row.isDefault,
    isActive: row.isActive,
    queueId: row.queueId,
    number: row.number,
    lastError: row.lastError,
    farewellMessage: row.farewellMessage,
    greetingMessage: row.greetingMessage,
    sendEvaluation: row.sendEvaluation,
    chatFlowId: row.chatFlowId,
    token: admin ? row.token : null,
    settings: settings ?? null,
    qrcode: admin ? row.qrcode : null,
    proxy:
      admin && row.proxy
        ? { url: row.proxy.url, username: row.proxy.username, passwordSet: Boolean(row.proxy.password) }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};
