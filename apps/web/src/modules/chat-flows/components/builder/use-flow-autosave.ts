import type { TChatFlow, TFlowDocument, TFlowIssue } from '@prosa/contracts';
import { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorBody, getErrorCode } from '../../../../app/http/errors';

export const AUTOSAVE_DELAY_MS = 1_500;

export type TSaveStatus = 'saved' | 'saving' | 'unsaved' | 'error';
/** Sends the document; `revision` null: overwrite whatever is saved. */
export type TSaveFlow = (doc: TFlowDocument, revision: number | null) => Promise<TChatFlow>;

type TOptions = {
  doc: TFlowDocument;
  /** The document as last loaded or saved, with its revision. */
  saved: { doc: TFlowDocument; revision: number };
  /** Client-side validation passed: only then the document is sent. */
  isValid: boolean;
  save: TSaveFlow;
  onSaved: (flow: TChatFlow, doc: TFlowDocument) => void;
};

const serverIssues = (error: unknown): TFlowIssue[] | null => {
  if (!isAxiosError(error) || error.response?.status !== 400) return null;
  const issues = (getErrorBody(error) as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as TFlowIssue[]) : null;
};

/**
 * Saves the document 1.5 s after the last change, when it is valid. A save refused because someone else saved
 * first (409) stops autosaving until the admin reloads or overwrites; a 400 with `issues` (a queue or user
 * deleted meanwhile) shows them on the nodes until the next change.
 */
export const useFlowAutosave = ({ doc, saved, isValid, save, onSaved }: TOptions) => {
  const [saving, setSaving] = useState(false);
  // The document whose save failed: not retried by itself (a change or a reload tries again).
  const [failed, setFailed] = useState<TFlowDocument | null>(null);
  const [conflict, setConflict] = useState(false);
  const [rejected, setRejected] = useState<{ doc: TFlowDocument; issues: TFlowIssue[] } | null>(null);
  const inFlight = useRef(false);
  const dirty = doc !== saved.doc;

  const run = useCallback(
    async (target: TFlowDocument, revision: number | null) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      try {
        const flow = await save(target, revision);
        setFailed(null);
        setConflict(false);
        setRejected(null);
        onSaved(flow, target);
      } catch (error) {
        const issues = serverIssues(error);
        if (isAxiosError(error) && error.response?.status === 409 && getErrorCode(error) === 'ERR_CHAT_FLOW_CONFLICT')
          setConflict(true);
        else if (issues) setRejected({ doc: target, issues });
        else setFailed(target);
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [save, onSaved],
  );

  useEffect(() => {
    if (!dirty || !isValid || conflict || saving || rejected?.doc === doc || failed === doc) return;
    const timer = setTimeout(() => void run(doc, saved.revision), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, dirty, isValid, conflict, saving, rejected, failed, run, saved.revision]);

  const status: TSaveStatus = saving
    ? 'saving'
    : failed === doc || rejected?.doc === doc
      ? 'error'
      : dirty
        ? 'unsaved'
        : 'saved';
  return {
    status,
    conflict,
    serverIssues: rejected?.doc === doc ? rejected.issues : [],
    /** Saves mine over the other one (no revision). */
    overwrite: () => void run(doc, null),
    dismissConflict: () => setConflict(false),
  };
};
