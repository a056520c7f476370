import { type TFlowDocument, type TFlowIssue, validateFlow, ZFlowDocument } from '@prosa/contracts';

/**
 * What keeps the document from being saved, found in the browser: the fields the schema refuses (a webhook
 * without a valid URL, a tag not chosen...) on the node and item they belong to, then the graph rules of
 * `validateFlow` (no refs: the server checks that queues, users and tags still exist).
 */
export const findFlowIssues = (doc: TFlowDocument, invalidField: (field: string) => string): TFlowIssue[] => {
  const parsed = ZFlowDocument.safeParse(doc);
  const schemaIssues: TFlowIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const [list, index, ...rest] = issue.path;
        const node = list === 'nodeList' && typeof index === 'number' ? doc.nodeList[index] : undefined;
        if (!node) return { nodeId: null, path: issue.path.join('.'), message: invalidField(issue.path.join('.')) };
        if (node.type === 'configurations')
          return {
            nodeId: node.id,
            path: `configurations.${String(rest[1] ?? '')}`,
            message: invalidField(rest.slice(1).join('.')),
          };
        // `interactions.0.data.url` -> the item `nodeList.<id>.interactions.0`, the field `url`.
        const [group, item, ...field] = rest;
        return {
          nodeId: node.id,
          path: typeof item === 'number' ? `nodeList.${node.id}.${String(group)}.${item}` : `nodeList.${node.id}`,
          message: invalidField(field.filter((p) => p !== 'data').join('.') || String(group ?? '')),
        };
      });
  return [...schemaIssues, ...validateFlow(doc)];
};

/** Issue messages by node, for the badges on the canvas. */
export const issuesByNode = (issues: TFlowIssue[]): Map<string, string[]> => {
  const byNode = new Map<string, string[]>();
  for (const issue of issues) {
    if (!issue.nodeId) continue;
    const list = byNode.get(issue.nodeId) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    byNode.set(issue.nodeId, list);
  }
  return byNode;
};
