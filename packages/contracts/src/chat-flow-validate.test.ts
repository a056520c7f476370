import { describe, expect, it } from 'vitest';
import { newFlowDocument, type TFlowDocument, ZFlowDocument } from './chat-flow.js';
import { isListedAnswer, normaliseAnswer } from './chat-flow-answer.js';
import { validateFlow } from './chat-flow-validate.js';

const menu = (): TFlowDocument =>
  ZFlowDocument.parse({
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations', configurations: {} },
      {
        id: 'menu',
        type: 'node',
        name: 'Menu',
        interactions: [{ id: 'i', type: 'MessageField', data: { message: '1 - Vendas' } }],
        conditions: [
          { id: 'c1', type: 'R', condition: ['1'], action: 0, nextStepId: 'vendas' },
          { id: 'c2', type: 'US', action: 1, queueId: 7 },
        ],
      },
      {
        id: 'vendas',
        type: 'node',
        name: 'Vendas',
        conditions: [{ id: 'c3', type: 'US', action: 2, userIdDestination: 3 }],
      },
    ],
    lineList: [
      { from: 'start', to: 'menu' },
      { from: 'menu', to: 'vendas' },
    ],
  });

describe('validateFlow', () => {
  it('accepts a new flow and a well-formed menu', () => {
    expect(validateFlow(newFlowDocument())).toEqual([]);
    expect(validateFlow(menu(), { queueIds: new Set([7]), userIds: new Set([3]) })).toEqual([]);
  });

  it('names the node of a line to nowhere, a step without a way out and a two-way loop', () => {
    const doc = menu();
    doc.lineList.push({ from: 'vendas', to: 'ghost' });
    expect(validateFlow(doc).map((i) => i.nodeId)).toContain('vendas');

    const dead = menu();
    const vendas = dead.nodeList.find((n) => n.id === 'vendas');
    if (vendas?.type === 'node') vendas.conditions = [];
    expect(validateFlow(dead)).toEqual([
      expect.objectContaining({ nodeId: 'vendas', path: 'nodeList.vendas.conditions' }),
    ]);

    const loop = menu();
    loop.lineList.push({ from: 'vendas', to: 'menu' });
    expect(validateFlow(loop).some((i) => i.message.includes('ligam uma à outra'))).toBe(true);
  });

  it('refuses a hand-off to a queue or user that no longer exists', () => {
    const issues = validateFlow(menu(), { queueIds: new Set([8]), userIds: new Set([3]) });
    expect(issues).toEqual([expect.objectContaining({ nodeId: 'menu', path: 'nodeList.menu.conditions.1' })]);
  });

  it('refuses a go-to condition with no line drawn, and a line no condition uses', () => {
    const doc = menu();
    doc.lineList = doc.lineList.filter((l) => l.from !== 'menu');
    expect(validateFlow(doc).map((i) => i.path)).toEqual(['nodeList.menu.conditions.0']);
  });
});

describe('normaliseAnswer', () => {
  it('treats emoji digits, case, accents and punctuation alike', () => {
    expect(normaliseAnswer('1️⃣')).toBe('1');
    expect(normaliseAnswer('🔟')).toBe('10');
    expect(normaliseAnswer('  Financeiro! ')).toBe('financeiro');
    expect(isListedAnswer(['Opção 2', '2'], '2.')).toBe(true);
    expect(isListedAnswer(['sim'], 'não')).toBe(false);
    expect(isListedAnswer(['sim'], '   ')).toBe(false);
  });
});
