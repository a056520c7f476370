import type { ZFlowCondition } from '@prosa/contracts';
import {
  CONFIGURATIONS_NODE_ID,
  START_NODE_ID,
  type TFlowConfigurations,
  type TFlowDocument,
  type TFlowInteraction,
  type TFlowNode,
  ZFlowConfigurations,
  ZFlowDocument,
} from '@prosa/contracts';
import type { z } from 'zod';

/**
 * Builds flow documents for the runtime's tests and bench: steps with their interactions and conditions, the
 * configurations node, and the lines that agree with the conditions.
 */

type TStepSpec = {
  id: string;
  say?: string[];
  interactions?: TFlowInteraction[];
  /** Listed answers -> a step id, `queue:<id>`, `user:<id>` or `close`; '*' is any answer. */
  on: [string[] | '*', string][];
};

const toCondition = (index: number, answers: string[] | '*', target: string): z.input<typeof ZFlowCondition> => {
  const base = { id: `c${index}`, type: answers === '*' ? 'US' : 'R', condition: answers === '*' ? [] : answers };
  if (target === 'close') return { ...base, type: base.type as 'US' | 'R', action: 3 };
  const [kind, id] = target.split(':');
  if (kind === 'queue') return { ...base, type: base.type as 'US' | 'R', action: 1, queueId: Number(id) || null };
  if (kind === 'user') return { ...base, type: base.type as 'US' | 'R', action: 2, userIdDestination: Number(id) };
  return { ...base, type: base.type as 'US' | 'R', action: 0, nextStepId: target };
};

export const buildFlow = (steps: TStepSpec[], configurations: Partial<TFlowConfigurations> = {}): TFlowDocument => {
  const nodes: z.input<typeof ZFlowDocument>['nodeList'] = [
    { id: START_NODE_ID, type: 'start', name: 'Início' },
    {
      id: CONFIGURATIONS_NODE_ID,
      type: 'configurations',
      name: 'Configurações',
      configurations: ZFlowConfigurations.parse(configurations),
    },
  ];
  const lines: { from: string; to: string }[] = [];
  const first = steps[0];
  if (first) lines.push({ from: START_NODE_ID, to: first.id });
  for (const step of steps) {
    const interactions: TFlowInteraction[] = [
      ...(step.say ?? []).map(
        (message, i): TFlowInteraction => ({
          id: `${step.id}-m${i}`,
          type: 'MessageField',
          data: { message },
        }),
      ),
      ...(step.interactions ?? []),
    ];
    const conditions = step.on.map(([answers, target], i) => toCondition(i, answers, target));
    nodes.push({ id: step.id, type: 'node', name: step.id, interactions, conditions } as TFlowNode);
    for (const [, target] of step.on)
      if (!target.includes(':') && target !== 'close') lines.push({ from: step.id, to: target });
  }
  return ZFlowDocument.parse({ nodeList: nodes, lineList: lines });
};
