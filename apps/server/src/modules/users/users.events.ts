import type { TUser } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';

// Published inside the writing transaction: announced once it commits, never for a rolled-back write.
export const publishUserChanged = (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  action: 'create' | 'update',
  user: TUser,
): Promise<unknown> =>
  services.events.publish(tx, {
    type: 'user.changed',
    tenantId: user.tenantId,
    action,
    user: { id: user.id, name: user.name, profile: user.profile, isOnline: user.isOnline },
  });
