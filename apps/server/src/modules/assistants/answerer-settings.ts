import type { TAssistantScope } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections, queues, users } from '../../platform/db/schema.js';
import type { TSecrets } from '../../platform/secrets.js';

/** What an assistant's and a bot's settings name: their hand-off queue and user, and their scope's rows. */
export const assertAnswererReferences = async (
  tx: TExecutor,
  tenantId: number,
  input: { handoffQueueId: number | null; handoffUserId: number | null; scope: TAssistantScope },
) => {
  await assertOwnedIds(tx, tenantId, queues, 'handoffQueueId', input.handoffQueueId);
  await assertOwnedIds(tx, tenantId, users, 'handoffUserId', input.handoffUserId);
  if (input.scope.kind === 'queues') await assertOwnedIds(tx, tenantId, queues, 'scope.ids', input.scope.ids);
  if (input.scope.kind === 'connections')
    await assertOwnedIds(tx, tenantId, connections, 'scope.ids', input.scope.ids, { where: liveConnection });
};

/** A write-only secret as saved: omitted keeps the stored one, '' removes it, anything else is sealed anew. */
export const nextSealed = (secrets: TSecrets, stored: string | null | undefined, input: unknown): string | null => {
  if (input === undefined) return stored ?? null;
  if (input === '') return null;
  return secrets.seal(String(input));
};
