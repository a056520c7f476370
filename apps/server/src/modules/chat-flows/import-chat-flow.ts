import { importFamilyFlow, type TChatFlow } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TServices } from '../../platform/services.js';
import { flowIssuesError } from './check-flow.js';
import { readChatFlow, updateChatFlow } from './manage-chat-flow.js';

/** The node list an uploaded file carries (at its top or inside `flow`), to name a node in the answer. */
const sentNodes = (body: unknown): readonly unknown[] => {
  const record = (body ?? {}) as { nodeList?: unknown; flow?: { nodeList?: unknown } };
  if (Array.isArray(record.nodeList)) return record.nodeList;
  return Array.isArray(record.flow?.nodeList) ? record.flow.nodeList : [];
};

/**
 * PUT /chat-flow-import/:id: the flow's document becomes an exported one, ours (`version` 1) or the family's
 * (`{name, nodeList, lineList}`), sent as `{flow}` or as the whole body. What cannot be read answers 400 with the
 * `issues`; what is read is saved like any other document (same checks, revision raised). The name is kept.
 */
export const importChatFlow = async (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  id: number,
  body: unknown,
): Promise<TChatFlow> => {
  await readChatFlow(services, ctx, id); // another tenant's id is not found, whatever the file says
  const result = importFamilyFlow(body);
  if (!result.ok) throw flowIssuesError(sentNodes(body), result.issues);
  return updateChatFlow(services, ctx, id, { flow: result.flow });
};
