import type { TMessageTemplate } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findConnection } from '../connections/connections.service.js';

/**
 * What the templates module offers the other modules: a connection's approved template by name and language,
 * as last synced from the provider (undefined when it is not there or cannot be sent).
 */
export const findSendableTemplate = async (
  tx: TExecutor,
  tenantId: number,
  connectionId: number,
  template: { name: string; language: string },
): Promise<TMessageTemplate | undefined> => {
  const connection = await findConnection(tx, tenantId, connectionId);
  const templates = (connection?.config as { templates?: TMessageTemplate[] } | undefined)?.templates ?? [];
  return templates.find(
    (candidate) => candidate.name === template.name && candidate.language === template.language && candidate.sendable,
  );
};
