import {
  CONFIGURATIONS_NODE_ID,
  START_NODE_ID,
  type TFlowCondition,
  type TFlowConfigurations,
  type TFlowDocument,
  type TFlowInteraction,
  type TFlowInteractionType,
  type TFlowNode,
  type TFlowStepNode,
} from '@prosa/contracts';

/**
 * The builder's edits as pure functions: document in, document out, never mutated. They keep the rule the
 * validator checks between a step's "go to" conditions and the lines drawn from it: a line exists exactly
 * when a condition of its step goes to its target. An edit the graph cannot take returns the same document.
 */

export const isStep = (node: TFlowNode | undefined): node is TFlowStepNode => node?.type === 'node';

export const findStep = (doc: TFlowDocument, id: string): TFlowStepNode | undefined => {
  const node = doc.nodeList.find((n) => n.id === id);
  return isStep(node) ? node : undefined;
};

/** The first `prefix-N` not taken. */
export const nextId = (prefix: string, taken: Iterable<string>): string => {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
};

const mapStep = (doc: TFlowDocument, id: string, change: (step: TFlowStepNode) => TFlowStepNode): TFlowDocument => {
  const step = findStep(doc, id);
  if (!step) return doc;
  return { ...doc, nodeList: doc.nodeList.map((n) => (n === step ? change(step) : n)) };
};

/** The targets a step's conditions go to, as lines: each target once, in the conditions' order. */
const linesOfStep = (doc: TFlowDocument, step: TFlowStepNode) => {
  const targets = new Set<string>();
  for (const c of step.conditions)
    if (c.action === 0 && c.nextStepId && c.nextStepId !== step.id && findStep(doc, c.nextStepId))
      targets.add(c.nextStepId);
  return [...targets].map((to) => ({ from: step.id, to }));
};

/** Redraws the lines leaving `stepId` from its conditions; other lines stay as they are, in place. */
const syncLines = (doc: TFlowDocument, stepId: string): TFlowDocument => {
  const step = findStep(doc, stepId);
  if (!step) return doc;
  const wanted = linesOfStep(doc, step);
  const kept = doc.lineList.filter((l) => l.from !== stepId || wanted.some((w) => w.to === l.to));
  const added = wanted.filter((w) => !kept.some((l) => l.from === stepId && l.to === w.to));
  return { ...doc, lineList: [...kept, ...added] };
};

/** About a step card's size on the canvas, to keep a new step from landing on another. */
const CARD = { width: 280, height: 220 };

/** The first place from (`left`, `top`) downwards (then to the right) where a new card overlaps none. */
export const findFreeSpot = (doc: TFlowDocument, left: number, top: number): { left: number; top: number } => {
  const overlaps = (x: number, y: number) =>
    doc.nodeList.some((n) => Math.abs(n.left - x) < CARD.width && Math.abs(n.top - y) < CARD.height);
  for (let column = 0; column < 10; column += 1)
    for (let row = 0; row < 6; row += 1) {
      const spot = { left: left + column * CARD.width, top: top + row * CARD.height };
      if (!overlaps(spot.left, spot.top)) return spot;
    }
  return { left, top };
};

export type TNewStep = { id?: string; name?: string; left: number; top: number };

/** A step with no interaction and no condition (the validator then asks for a way out). */
export const addStep = (doc: TFlowDocument, input: TNewStep): { doc: TFlowDocument; id: string } => {
  const id =
    input.id ??
    nextId(
      'etapa-',
      doc.nodeList.map((n) => n.id),
    );
  if (doc.nodeList.some((n) => n.id === id)) return { doc, id };
  const step: TFlowStepNode = {
    id,
    type: 'node',
    name: input.name ?? '',
    left: Math.round(input.left),
    top: Math.round(input.top),
    interactions: [],
    conditions: [],
  };
  return { doc: { ...doc, nodeList: [...doc.nodeList, step] }, id };
};

/** Whether a line may be drawn from `from` to `to` (the validator's line rules, before the fact). */
export const canConnect = (doc: TFlowDocument, from: string, to: string): boolean => {
  if (from === to || !findStep(doc, to)) return false;
  if (from !== START_NODE_ID && !findStep(doc, from)) return false;
  // A two-way pair is refused by the validator: the way back is a condition of the target, not a line.
  return !doc.lineList.some((l) => l.from === to && l.to === from);
};

/**
 * Draws a line. From the start: it replaces the start's line (it has exactly one). From a step: a new condition
 * "listed answers -> go to `to`" (the admin then lists the answers), or, given `conditionId`, that condition
 * now goes to `to`.
 */
export const connect = (
  doc: TFlowDocument,
  from: string,
  to: string,
  conditionId?: string,
): { doc: TFlowDocument; conditionId: string | null } => {
  if (!canConnect(doc, from, to)) return { doc, conditionId: null };
  if (from === START_NODE_ID)
    return {
      doc: { ...doc, lineList: [...doc.lineList.filter((l) => l.from !== START_NODE_ID), { from, to }] },
      conditionId: null,
    };
  const step = findStep(doc, from) as TFlowStepNode;
  const existing = conditionId ? step.conditions.find((c) => c.id === conditionId) : undefined;
  if (existing) {
    const next = updateCondition(doc, from, { ...existing, action: 0, nextStepId: to });
    return { doc: next, conditionId: existing.id };
  }
  const condition: TFlowCondition = {
    id: nextId(
      'c',
      step.conditions.map((c) => c.id),
    ),
    type: 'R',
    condition: [],
    action: 0,
    nextStepId: to,
    queueId: null,
    userIdDestination: null,
  };
  // Before the first "any answer" condition: that one takes every answer, so what follows it never runs.
  const withCondition = mapStep(doc, from, (s) => {
    const anyAnswer = s.conditions.findIndex((c) => c.type === 'US');
    const at = anyAnswer < 0 ? s.conditions.length : anyAnswer;
    return { ...s, conditions: [...s.conditions.slice(0, at), condition, ...s.conditions.slice(at)] };
  });
  return { doc: syncLines(withCondition, from), conditionId: condition.id };
};

/** Removes a line and every condition of its step that went to its target. */
export const deleteLine = (doc: TFlowDocument, from: string, to: string): TFlowDocument => {
  const lineList = doc.lineList.filter((l) => l.from !== from || l.to !== to);
  if (lineList.length === doc.lineList.length) return doc;
  return mapStep({ ...doc, lineList }, from, (s) => ({
    ...s,
    conditions: s.conditions.filter((c) => c.action !== 0 || c.nextStepId !== to),
  }));
};

export const addCondition = (doc: TFlowDocument, stepId: string): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({
    ...s,
    conditions: [
      ...s.conditions,
      {
        id: nextId(
          'c',
          s.conditions.map((c) => c.id),
        ),
        type: 'US',
        condition: [],
        action: 1,
        nextStepId: null,
        queueId: null,
        userIdDestination: null,
      },
    ],
  }));

/** Replaces a condition (same id); the step's lines follow its "go to" targets. */
export const updateCondition = (doc: TFlowDocument, stepId: string, condition: TFlowCondition): TFlowDocument =>
  syncLines(
    mapStep(doc, stepId, (s) => ({
      ...s,
      conditions: s.conditions.map((c) => (c.id === condition.id ? condition : c)),
    })),
    stepId,
  );

/** Removes a condition; its line goes too unless another condition of the step still uses it. */
export const deleteCondition = (doc: TFlowDocument, stepId: string, conditionId: string): TFlowDocument =>
  syncLines(
    mapStep(doc, stepId, (s) => ({ ...s, conditions: s.conditions.filter((c) => c.id !== conditionId) })),
    stepId,
  );

export const moveCondition = (doc: TFlowDocument, stepId: string, conditionId: string, by: -1 | 1): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({ ...s, conditions: moveItem(s.conditions, conditionId, by) }));

/** Removes a step, the lines to and from it and the conditions of other steps that went to it. */
export const deleteNode = (doc: TFlowDocument, id: string): TFlowDocument => {
  if (!findStep(doc, id)) return doc;
  return {
    ...doc,
    nodeList: doc.nodeList
      .filter((n) => n.id !== id)
      .map((n) =>
        isStep(n) && n.conditions.some((c) => c.action === 0 && c.nextStepId === id)
          ? { ...n, conditions: n.conditions.filter((c) => c.action !== 0 || c.nextStepId !== id) }
          : n,
      ),
    lineList: doc.lineList.filter((l) => l.from !== id && l.to !== id),
  };
};

export const moveNode = (doc: TFlowDocument, id: string, left: number, top: number): TFlowDocument => {
  const x = Math.round(left);
  const y = Math.round(top);
  const node = doc.nodeList.find((n) => n.id === id);
  if (!node || (node.left === x && node.top === y)) return doc;
  return { ...doc, nodeList: doc.nodeList.map((n) => (n === node ? { ...n, left: x, top: y } : n)) };
};

export const renameNode = (doc: TFlowDocument, id: string, name: string): TFlowDocument => ({
  ...doc,
  nodeList: doc.nodeList.map((n) => (n.id === id ? { ...n, name } : n)),
});

export const updateConfigurations = (doc: TFlowDocument, configurations: TFlowConfigurations): TFlowDocument => ({
  ...doc,
  nodeList: doc.nodeList.map((n) =>
    n.id === CONFIGURATIONS_NODE_ID && n.type === 'configurations' ? { ...n, configurations } : n,
  ),
});

/** A new interaction of `type` with empty fields (the schema's own defaults where it has them). */
export const blankInteraction = (type: TFlowInteractionType, id: string): TFlowInteraction => {
  switch (type) {
    case 'MessageField':
      return { id, type, data: { message: '' } };
    case 'MediaField':
      return { id, type, data: { mediaUrl: '', mimeType: '', name: '', caption: '' } };
    case 'MessageOptionsField':
      return { id, type, data: { message: '', display: 'text', options: [{ id: 'o1', label: '1' }] } };
    case 'DelayField':
      return { id, type, data: { seconds: 3 } };
    case 'WebhookField':
      return { id, type, data: { url: '', method: 'POST' } };
    case 'ChatFlowField':
      return { id, type, data: { chatFlowId: 0 } };
    case 'AssistantField':
      return { id, type, data: { provider: 'chatgpt' } };
    case 'TagField':
      return { id, type, data: { tagId: 0 } };
    case 'KanbanField':
      return { id, type, data: { kanban: 0 } };
    default: {
      const never: never = type;
      return never;
    }
  }
};

export const addInteraction = (doc: TFlowDocument, stepId: string, type: TFlowInteractionType): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({
    ...s,
    interactions: [
      ...s.interactions,
      blankInteraction(
        type,
        nextId(
          'i',
          s.interactions.map((i) => i.id),
        ),
      ),
    ],
  }));

export const updateInteraction = (doc: TFlowDocument, stepId: string, interaction: TFlowInteraction): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({
    ...s,
    interactions: s.interactions.map((i) => (i.id === interaction.id ? interaction : i)),
  }));

export const deleteInteraction = (doc: TFlowDocument, stepId: string, interactionId: string): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({ ...s, interactions: s.interactions.filter((i) => i.id !== interactionId) }));

export const moveInteraction = (doc: TFlowDocument, stepId: string, interactionId: string, by: -1 | 1): TFlowDocument =>
  mapStep(doc, stepId, (s) => ({ ...s, interactions: moveItem(s.interactions, interactionId, by) }));

const moveItem = <T extends { id: string }>(items: T[], id: string, by: -1 | 1): T[] => {
  const from = items.findIndex((i) => i.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};
