import { getErrorMessage, type TFlowDocument, type TFlowIssue, type TFlowRefs, validateFlow } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { findOwnedIds } from '../../platform/db/owned-ids.js';
import { chatFlows, queues, tags, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';

/** The queue, user, tag and flow ids a document names (hand-offs, destinations, tag and jump steps). */
const namedIds = (doc: TFlowDocument) => {
  const ids = { queues: [] as number[], users: [] as number[], tags: [] as number[], chatFlows: [] as number[] };
  const destination = (d: { type: 1 | 2 | 3; destiny: number | null } | null) => {
    if (d?.destiny == null) return;
    if (d.type === 1) ids.queues.push(d.destiny);
    if (d.type === 2) ids.users.push(d.destiny);
  };
  for (const node of doc.nodeList) {
    if (node.type === 'configurations') {
      const c = node.configurations;
      for (const d of [c.notResponseMessage, c.maxRetryBotMessage, c.outOpenHours, c.firstInteraction]) destination(d);
    }
    if (node.type !== 'node') continue;
    for (const condition of node.conditions) {
      if (condition.queueId !== null) ids.queues.push(condition.queueId);
      if (condition.userIdDestination !== null) ids.users.push(condition.userIdDestination);
    }
    for (const interaction of node.interactions) {
      if (interaction.type === 'TagField') ids.tags.push(interaction.data.tagId);
      if (interaction.type === 'ChatFlowField') ids.chatFlows.push(interaction.data.chatFlowId);
    }
  }
  return ids;
};

/**
 * Of the ids the document names, those that exist in the tenant (flows: not deleted). NOTE: this is where a
 * flow is kept from naming another tenant's queue, user, tag or flow: to the check they simply do not exist.
 */
const loadRefs = async (tx: TExecutor, tenantId: number, doc: TFlowDocument, selfId?: number): Promise<TFlowRefs> => {
  const ids = namedIds(doc);
  return {
    queueIds: await findOwnedIds(tx, tenantId, queues, ids.queues),
    userIds: await findOwnedIds(tx, tenantId, users, ids.users),
    tagIds: await findOwnedIds(tx, tenantId, tags, ids.tags),
    chatFlowIds: await findOwnedIds(tx, tenantId, chatFlows, ids.chatFlows, { where: eq(chatFlows.isDeleted, false) }),
    ...(selfId === undefined ? {} : { selfId }),
  };
};

/** How the message names a node: its name in quotes, else its id (looked up in whatever node list was sent). */
const nodeLabel = (nodeList: readonly unknown[], nodeId: string | null): string | null => {
  const node = nodeList.find((n): n is { id: unknown; name?: unknown } => (n as { id?: unknown })?.id === nodeId);
  if (!node) return null;
  return typeof node.name === 'string' && node.name ? `"${node.name}"` : String(node.id);
};

/**
 * 400 ERR_VALIDATION for a flow's problems: the first one's field (`flow.<path>`) and node in the answer, every
 * one in `issues` so the builder marks each node.
 */
export const flowIssuesError = (nodeList: readonly unknown[], issues: readonly TFlowIssue[]): AppError => {
  const [first] = issues;
  const label = first ? nodeLabel(nodeList, first.nodeId) : null;
  const where = label ? `etapa ${label}: ` : '';
  return new AppError('ERR_VALIDATION', {
    field: first ? `flow.${first.path}` : 'flow',
    data: { message: `${getErrorMessage('ERR_VALIDATION')} ${where}${first?.message ?? ''}`.trim(), issues },
  });
};

/** A document may be saved only when `validateFlow` finds nothing with the tenant's ids; else `flowIssuesError`. */
export const assertValidFlow = async (
  tx: TExecutor,
  tenantId: number,
  doc: TFlowDocument,
  selfId?: number,
): Promise<void> => {
  const issues = validateFlow(doc, await loadRefs(tx, tenantId, doc, selfId));
  if (issues.length > 0) throw flowIssuesError(doc.nodeList, issues);
};
