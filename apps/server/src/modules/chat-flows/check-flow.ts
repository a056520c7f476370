import {
  getErrorMessage,
  type TFlowDocument,
  type TFlowIssue,
  type TFlowNode,
  type TFlowRefs,
  validateFlow,
} from '@prosa/contracts';
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

const nodeLabel = (doc: TFlowDocument, issue: TFlowIssue): string | null => {
  const node: TFlowNode | undefined = doc.nodeList.find((n) => n.id === issue.nodeId);
  if (!node) return null;
  return node.name ? `"${node.name}"` : node.id;
};

/**
 * A document may be saved only when `validateFlow` finds nothing, with the tenant's ids: otherwise 400
 * ERR_VALIDATION naming the first problem's field (`flow.<path>`) and node, with every problem in `issues` so
 * the builder marks each node.
 */
export const assertValidFlow = async (
  tx: TExecutor,
  tenantId: number,
  doc: TFlowDocument,
  selfId?: number,
): Promise<void> => {
  const issues = validateFlow(doc, await loadRefs(tx, tenantId, doc, selfId));
  const [first] = issues;
  if (!first) return;
  const label = nodeLabel(doc, first);
  const where = label ? `etapa ${label}: ` : '';
  throw new AppError('ERR_VALIDATION', {
    field: `flow.${first.path}`,
    data: { message: `${getErrorMessage('ERR_VALIDATION')} ${where}${first.message}`, issues },
  });
};
