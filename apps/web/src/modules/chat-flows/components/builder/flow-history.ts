import type { TFlowDocument } from '@prosa/contracts';

export const MAX_HISTORY = 100;

/**
 * The documents the admin can go back and forth between. `mergeKey` folds a run of edits of the same thing
 * (a node being dragged, a text being typed) into one undo step; `seal` ends the run.
 */
export type TFlowHistory = {
  past: TFlowDocument[];
  present: TFlowDocument;
  future: TFlowDocument[];
  mergeKey: string | null;
};

export const startHistory = (doc: TFlowDocument): TFlowHistory => ({
  past: [],
  present: doc,
  future: [],
  mergeKey: null,
});

export const commit = (history: TFlowHistory, doc: TFlowDocument, mergeKey: string | null = null): TFlowHistory => {
  if (doc === history.present) return history;
  if (mergeKey !== null && mergeKey === history.mergeKey) return { ...history, present: doc, future: [], mergeKey };
  return {
    past: [...history.past, history.present].slice(-MAX_HISTORY),
    present: doc,
    future: [],
    mergeKey,
  };
};

export const seal = (history: TFlowHistory): TFlowHistory =>
  history.mergeKey === null ? history : { ...history, mergeKey: null };

export const canUndo = (history: TFlowHistory) => history.past.length > 0;
export const canRedo = (history: TFlowHistory) => history.future.length > 0;

export const undo = (history: TFlowHistory): TFlowHistory => {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future].slice(0, MAX_HISTORY),
    mergeKey: null,
  };
};

export const redo = (history: TFlowHistory): TFlowHistory => {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return {
    past: [...history.past, history.present].slice(-MAX_HISTORY),
    present: next,
    future: rest,
    mergeKey: null,
  };
};
