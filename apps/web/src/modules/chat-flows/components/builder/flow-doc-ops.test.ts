import { newFlowDocument, type TFlowDocument, validateFlow } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import {
  addCondition,
  addInteraction,
  addStep,
  connect,
  deleteCondition,
  deleteLine,
  deleteNode,
  findFreeSpot,
  findStep,
  moveInteraction,
  moveNode,
  updateCondition,
} from './flow-doc-ops';
import { canRedo, canUndo, commit, MAX_HISTORY, redo, seal, startHistory, undo } from './flow-history';

const messages = (doc: TFlowDocument) => validateFlow(doc).map((i) => i.message);

/** The new flow plus "Vendas" linked from the greeting step by a condition listing "1". */
const withSales = () => {
  const added = addStep(newFlowDocument(), { name: 'Vendas', left: 600, top: 200 });
  const linked = connect(added.doc, 'boas-vindas', added.id);
  const step = findStep(linked.doc, 'boas-vindas');
  const condition = step?.conditions.find((c) => c.id === linked.conditionId);
  if (!condition) throw new Error('no condition');
  const doc = updateCondition(linked.doc, 'boas-vindas', { ...condition, condition: ['1'] });
  return { doc: addCondition(doc, added.id), salesId: added.id, conditionId: condition.id };
};

describe('flow document operations', () => {
  it('adds a step with a fresh id at the drop point, which then needs a way out', () => {
    const { doc, id } = addStep(newFlowDocument(), { left: 610.4, top: 99.6 });
    expect(id).toBe('etapa-1');
    expect(findStep(doc, id)).toMatchObject({ left: 610, top: 100, interactions: [], conditions: [] });
    expect(addStep(doc, { left: 0, top: 0 }).id).toBe('etapa-2');
    expect(validateFlow(doc)).toContainEqual(
      expect.objectContaining({ nodeId: id, path: `nodeList.${id}.conditions` }),
    );
  });

  it('drawing a line from a step creates a "listed answers -> go to" condition the admin then fills', () => {
    const { doc: base, id } = addStep(newFlowDocument(), { left: 600, top: 200 });
    const { doc, conditionId } = connect(base, 'boas-vindas', id);
    expect(doc.lineList).toContainEqual({ from: 'boas-vindas', to: id });
    expect(findStep(doc, 'boas-vindas')?.conditions.find((c) => c.id === conditionId)).toMatchObject({
      type: 'R',
      condition: [],
      action: 0,
      nextStepId: id,
    });
    expect(messages(doc)).toContain('liste as respostas que escolhem esta condição');
  });

  it('puts a drawn condition before the "any answer" one, which would otherwise take every answer first', () => {
    const { doc: base, id } = addStep(newFlowDocument(), { left: 600, top: 200 });
    const { doc, conditionId } = connect(base, 'boas-vindas', id);
    expect(findStep(doc, 'boas-vindas')?.conditions.map((c) => [c.id, c.type])).toEqual([
      [conditionId, 'R'],
      ['c1', 'US'],
    ]);
  });

  it('a flow built by the operations validates once answers are listed and every step has a way out', () => {
    expect(validateFlow(withSales().doc)).toEqual([]);
  });

  it('deleting the condition removes its line, and deleting the line removes its condition', () => {
    const { doc, salesId, conditionId } = withSales();
    const noCondition = deleteCondition(doc, 'boas-vindas', conditionId);
    expect(noCondition.lineList).not.toContainEqual({ from: 'boas-vindas', to: salesId });
    expect(validateFlow(noCondition)).toEqual([]);

    const noLine = deleteLine(doc, 'boas-vindas', salesId);
    expect(findStep(noLine, 'boas-vindas')?.conditions.map((c) => c.id)).not.toContain(conditionId);
    expect(validateFlow(noLine)).toEqual([]);
  });

  it('a line stays while another condition of the step still goes to the same target', () => {
    const { doc, salesId, conditionId } = withSales();
    const second = connect(doc, 'boas-vindas', salesId);
    expect(second.doc.lineList.filter((l) => l.from === 'boas-vindas' && l.to === salesId)).toHaveLength(1);
    const one = deleteCondition(second.doc, 'boas-vindas', conditionId);
    expect(one.lineList).toContainEqual({ from: 'boas-vindas', to: salesId });
  });

  it('changing a condition from "go to" to a queue takes its line away; back to a step draws it again', () => {
    const { doc, salesId, conditionId } = withSales();
    const condition = findStep(doc, 'boas-vindas')?.conditions.find((c) => c.id === conditionId);
    if (!condition) throw new Error('no condition');
    const toQueue = updateCondition(doc, 'boas-vindas', { ...condition, action: 1, nextStepId: null });
    expect(toQueue.lineList).not.toContainEqual({ from: 'boas-vindas', to: salesId });
    const back = updateCondition(toQueue, 'boas-vindas', { ...condition, action: 0, nextStepId: salesId });
    expect(back.lineList).toContainEqual({ from: 'boas-vindas', to: salesId });
  });

  it('re-targets an existing condition when its own handle is dragged to another step', () => {
    const { doc: base, salesId, conditionId } = withSales();
    const { doc: withSupport, id: supportId } = addStep(base, { left: 600, top: 400 });
    const { doc } = connect(withSupport, 'boas-vindas', supportId, conditionId);
    expect(doc.lineList).toContainEqual({ from: 'boas-vindas', to: supportId });
    expect(doc.lineList).not.toContainEqual({ from: 'boas-vindas', to: salesId });
    expect(findStep(doc, 'boas-vindas')?.conditions.filter((c) => c.action === 0)).toHaveLength(1);
  });

  it('the start keeps exactly one line: a new one replaces the old', () => {
    const { doc: base, salesId } = withSales();
    const { doc } = connect(base, 'start', salesId);
    expect(doc.lineList.filter((l) => l.from === 'start')).toEqual([{ from: 'start', to: salesId }]);
  });

  it('refuses lines the validator forbids: to itself, to the start or configurations, back along a line', () => {
    const { doc, salesId } = withSales();
    expect(connect(doc, salesId, salesId).doc).toBe(doc);
    expect(connect(doc, salesId, 'start').doc).toBe(doc);
    expect(connect(doc, 'configurations', salesId).doc).toBe(doc);
    expect(connect(doc, salesId, 'boas-vindas').doc).toBe(doc);
    expect(connect(doc, 'boas-vindas', 'nowhere').doc).toBe(doc);
  });

  it('deleting a step removes its lines and the conditions that went to it', () => {
    const { doc, salesId, conditionId } = withSales();
    const next = deleteNode(doc, salesId);
    expect(next.nodeList.map((n) => n.id)).not.toContain(salesId);
    expect(next.lineList.some((l) => l.from === salesId || l.to === salesId)).toBe(false);
    expect(findStep(next, 'boas-vindas')?.conditions.map((c) => c.id)).not.toContain(conditionId);
    expect(validateFlow(next)).toEqual([]);
  });

  it('never deletes the start or the configurations', () => {
    const doc = newFlowDocument();
    expect(deleteNode(doc, 'start')).toBe(doc);
    expect(deleteNode(doc, 'configurations')).toBe(doc);
  });

  it('finds a free spot for a new step below the cards it would cover', () => {
    const doc = newFlowDocument();
    expect(findFreeSpot(doc, 320, 210)).toEqual({ left: 320, top: 430 });
    expect(findFreeSpot(doc, 2000, 2000)).toEqual({ left: 2000, top: 2000 });
  });

  it('moves a node to whole coordinates, and a move to the same place changes nothing', () => {
    const doc = moveNode(newFlowDocument(), 'boas-vindas', 420.7, -30.2);
    expect(findStep(doc, 'boas-vindas')).toMatchObject({ left: 421, top: -30 });
    expect(moveNode(doc, 'boas-vindas', 421, -30)).toBe(doc);
  });

  it('reorders interactions up and down within the step', () => {
    const doc = addInteraction(
      addInteraction(newFlowDocument(), 'boas-vindas', 'DelayField'),
      'boas-vindas',
      'TagField',
    );
    const ids = (d: TFlowDocument) => findStep(d, 'boas-vindas')?.interactions.map((i) => i.type);
    expect(ids(doc)).toEqual(['MessageField', 'DelayField', 'TagField']);
    const moved = moveInteraction(doc, 'boas-vindas', 'i2', -1);
    expect(ids(moved)).toEqual(['DelayField', 'MessageField', 'TagField']);
    expect(moveInteraction(moved, 'boas-vindas', 'i2', -1)).toEqual(moved);
  });
});

describe('undo / redo history', () => {
  const docs = Array.from({ length: 4 }, (_, n) => moveNode(newFlowDocument(), 'boas-vindas', n * 10 + 1, 0));

  it('undoes and redoes, and a new change after an undo drops the redo', () => {
    let h = startHistory(docs[0] as TFlowDocument);
    h = commit(h, docs[1] as TFlowDocument);
    h = commit(h, docs[2] as TFlowDocument);
    h = undo(h);
    expect(h.present).toBe(docs[1]);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(docs[2]);
    h = undo(undo(h));
    expect(h.present).toBe(docs[0]);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = commit(redo(h), docs[3] as TFlowDocument);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(docs[1]);
  });

  it('folds a run of edits with the same key (a drag) into one step, until sealed', () => {
    let h = startHistory(docs[0] as TFlowDocument);
    h = commit(h, docs[1] as TFlowDocument, 'move:boas-vindas');
    h = commit(h, docs[2] as TFlowDocument, 'move:boas-vindas');
    expect(h.past).toHaveLength(1);
    h = commit(seal(h), docs[3] as TFlowDocument, 'move:boas-vindas');
    expect(h.past).toHaveLength(2);
    expect(undo(h).present).toBe(docs[2]);
    expect(undo(undo(h)).present).toBe(docs[0]);
  });

  it(`keeps at most ${MAX_HISTORY} steps back`, () => {
    let h = startHistory(newFlowDocument());
    for (let n = 0; n < MAX_HISTORY + 20; n += 1) h = commit(h, moveNode(h.present, 'boas-vindas', n + 1000, 0));
    expect(h.past).toHaveLength(MAX_HISTORY);
  });
});
