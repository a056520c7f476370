import {
  CONFIGURATIONS_NODE_ID,
  START_NODE_ID,
  type TFlowCondition,
  type TFlowDestination,
  type TFlowDocument,
  type TFlowNode,
  type TFlowStepNode,
} from './chat-flow.js';

/** One problem of a flow, on the node the builder marks (null: the flow as a whole). Messages are pt-BR. */
export type TFlowIssue = { nodeId: string | null; path: string; message: string };

/** The tenant's ids a flow may name; omitted: not checked (the builder checks them only on the server). */
export type TFlowRefs = {
  queueIds?: ReadonlySet<number>;
  userIds?: ReadonlySet<number>;
  tagIds?: ReadonlySet<number>;
  chatFlowIds?: ReadonlySet<number>;
  /** The flow being saved: it may not jump to itself. */
  selfId?: number;
};

const label = (node: TFlowNode) => (node.name ? `"${node.name}"` : node.id);

const checkDestination = (
  destination: TFlowDestination | null,
  refs: TFlowRefs,
  path: string,
  issues: TFlowIssue[],
) => {
  if (!destination) return;
  const at = (message: string) => issues.push({ nodeId: CONFIGURATIONS_NODE_ID, path, message });
  if (
    destination.type === 1 &&
    destination.destiny !== null &&
    refs.queueIds &&
    !refs.queueIds.has(destination.destiny)
  )
    at('a fila escolhida não existe mais');
  if (destination.type === 2 && destination.destiny === null) at('escolha o usuário');
  if (destination.type === 2 && destination.destiny !== null && refs.userIds && !refs.userIds.has(destination.destiny))
    at('o usuário escolhido não existe mais');
};

const checkCondition = (
  node: TFlowStepNode,
  condition: TFlowCondition,
  index: number,
  ctx: { steps: ReadonlyMap<string, TFlowStepNode>; lines: ReadonlySet<string>; refs: TFlowRefs },
  issues: TFlowIssue[],
) => {
  const at = (message: string) =>
    issues.push({ nodeId: node.id, path: `nodeList.${node.id}.conditions.${index}`, message });
  if (condition.type === 'R' && condition.condition.length === 0) at('liste as respostas que escolhem esta condição');
  switch (condition.action) {
    case 0:
      if (!condition.nextStepId || !ctx.steps.has(condition.nextStepId)) at('a etapa de destino não existe');
      else if (condition.nextStepId === node.id) at('uma etapa não pode levar a ela mesma');
      else if (!ctx.lines.has(`${node.id}->${condition.nextStepId}`)) at('falta a linha até a etapa de destino');
      return;
    case 1:
      if (condition.queueId !== null && ctx.refs.queueIds && !ctx.refs.queueIds.has(condition.queueId))
        at('a fila escolhida não existe mais');
      return;
    case 2:
      if (condition.userIdDestination === null) at('escolha o usuário');
      else if (ctx.refs.userIds && !ctx.refs.userIds.has(condition.userIdDestination))
        at('o usuário escolhido não existe mais');
      return;
    case 3:
      return;
    default: {
      const never: never = condition.action;
      return never;
    }
  }
};

const checkStep = (
  node: TFlowStepNode,
  ctx: { steps: ReadonlyMap<string, TFlowStepNode>; lines: ReadonlySet<string>; refs: TFlowRefs },
  issues: TFlowIssue[],
) => {
  if (node.conditions.length === 0)
    issues.push({
      nodeId: node.id,
      path: `nodeList.${node.id}.conditions`,
      message: `a etapa ${label(node)} não tem saída: acrescente uma condição`,
    });
  node.conditions.forEach((condition, index) => {
    checkCondition(node, condition, index, ctx, issues);
  });
  node.interactions.forEach((interaction, index) => {
    const at = (message: string) =>
      issues.push({ nodeId: node.id, path: `nodeList.${node.id}.interactions.${index}`, message });
    if (interaction.type === 'ChatFlowField') {
      if (interaction.data.chatFlowId === ctx.refs.selfId) at('um fluxo não pode pular para ele mesmo');
      else if (ctx.refs.chatFlowIds && !ctx.refs.chatFlowIds.has(interaction.data.chatFlowId))
        at('o fluxo escolhido não existe mais');
    }
    if (interaction.type === 'TagField' && ctx.refs.tagIds && !ctx.refs.tagIds.has(interaction.data.tagId))
      at('a etiqueta escolhida não existe mais');
  });
  const usedLines = new Set(node.conditions.filter((c) => c.action === 0).map((c) => c.nextStepId));
  for (const line of ctx.lines) {
    const [from, to] = line.split('->');
    if (from === node.id && !usedLines.has(to ?? ''))
      issues.push({
        nodeId: node.id,
        path: `lineList.${line}`,
        message: 'uma linha sai desta etapa sem condição que a use',
      });
  }
};

const lineProblem = (
  line: { from: string; to: string },
  byId: ReadonlyMap<string, TFlowNode>,
  seen: ReadonlySet<string>,
): string | undefined => {
  const from = byId.get(line.from);
  const to = byId.get(line.to);
  if (!from || !to) return 'a linha liga a uma etapa que não existe';
  if (line.from === line.to) return 'uma etapa não pode ligar a ela mesma';
  if (from.type === 'configurations' || to.type !== 'node') return 'esta linha não pode existir';
  if (seen.has(`${line.to}->${line.from}`)) return `${label(from)} e ${label(to)} ligam uma à outra`;
  if (seen.has(`${line.from}->${line.to}`)) return 'linha repetida';
  return undefined;
};

const checkLines = (doc: TFlowDocument, byId: ReadonlyMap<string, TFlowNode>, issues: TFlowIssue[]) => {
  const seen = new Set<string>();
  doc.lineList.forEach((line, index) => {
    const problem = lineProblem(line, byId, seen);
    if (problem) issues.push({ nodeId: line.from, path: `lineList.${index}`, message: problem });
    else seen.add(`${line.from}->${line.to}`);
  });
  const fromStart = doc.lineList.filter((l) => l.from === START_NODE_ID);
  if (fromStart.length !== 1)
    issues.push({ nodeId: START_NODE_ID, path: 'lineList', message: 'o início deve ligar a exatamente uma etapa' });
  return seen;
};

/**
 * The graph rules a saved flow keeps, beyond its schema: one start and one configurations node, unique ids,
 * lines between existing nodes (no self-links, no two-way loops, as the family's editor), the start linked to
 * exactly one step, every step with a way out, every "go to" condition drawn as a line and every line used,
 * and every queue, user, tag and flow named still existing. No issue: the flow can run.
 */
export const validateFlow = (doc: TFlowDocument, refs: TFlowRefs = {}): TFlowIssue[] => {
  const issues: TFlowIssue[] = [];
  const byId = new Map<string, TFlowNode>();
  for (const node of doc.nodeList) {
    if (byId.has(node.id)) issues.push({ nodeId: node.id, path: `nodeList.${node.id}`, message: 'id repetido' });
    byId.set(node.id, node);
  }
  const starts = doc.nodeList.filter((n) => n.type === 'start');
  if (starts.length !== 1 || starts[0]?.id !== START_NODE_ID)
    issues.push({ nodeId: null, path: 'nodeList', message: 'o fluxo precisa de um (e só um) início, de id "start"' });
  const configurations = doc.nodeList.filter((n) => n.type === 'configurations');
  if (configurations.length !== 1 || configurations[0]?.id !== CONFIGURATIONS_NODE_ID)
    issues.push({ nodeId: null, path: 'nodeList', message: 'o fluxo precisa de um (e só um) nó de configurações' });

  const lines = checkLines(doc, byId, issues);
  const steps = new Map(doc.nodeList.filter((n): n is TFlowStepNode => n.type === 'node').map((n) => [n.id, n]));
  for (const step of steps.values()) checkStep(step, { steps, lines, refs }, issues);

  const config = configurations[0]?.type === 'configurations' ? configurations[0].configurations : undefined;
  if (config) {
    checkDestination(config.notResponseMessage, refs, 'configurations.notResponseMessage', issues);
    checkDestination(config.maxRetryBotMessage, refs, 'configurations.maxRetryBotMessage', issues);
    checkDestination(config.outOpenHours, refs, 'configurations.outOpenHours', issues);
    checkDestination(config.firstInteraction, refs, 'configurations.firstInteraction', issues);
  }
  return issues;
};
