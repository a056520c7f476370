import { Box, CloseButton, Group, Paper, ScrollArea, Text } from '@mantine/core';
import type { TChatFlow, TChatFlowUpdate, TFlowCondition, TFlowDocument } from '@prosa/contracts';
import { ReactFlowProvider } from '@xyflow/react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../../ui/server-errors';
import { BuilderHeader } from './builder-header';
import type { TConditionLookups } from './condition-editor';
import { ConfigurationsPanel } from './configurations-panel';
import { ConflictModal } from './conflict-modal';
import { FlowCanvas, type TApplyEdit } from './flow-canvas';
import { findStep, updateConfigurations } from './flow-doc-ops';
import { canRedo, canUndo, commit, redo, seal, startHistory, undo } from './flow-history';
import { findFlowIssues, issuesByNode } from './flow-issues';
import type { TInteractionLookups } from './interaction-editors';
import { StepPanel } from './step-panel';
import { useFlowAutosave } from './use-flow-autosave';

export type TBuilderLookups = TInteractionLookups & Omit<TConditionLookups, 'steps'>;

type TProps = {
  flow: TChatFlow;
  /** PUT of the flow: the document (with the revision it started from) or its name / active switch. */
  update: (body: TChatFlowUpdate) => Promise<TChatFlow>;
  /** The flow as saved now (after a conflict). */
  reload: () => Promise<TChatFlow>;
  lookups: TBuilderLookups;
  /** The simulator panel for the document being edited (none: no "Simular" button). */
  renderSimulator?: (doc: TFlowDocument) => ReactNode;
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The chat-flow editor: canvas, the selected node's panel, undo history and autosave. */
export const FlowBuilder = ({ flow, update, reload, lookups, renderSimulator }: TProps) => {
  const { t } = useTranslation();
  const [history, setHistory] = useState(() => startHistory(flow.flow));
  const [saved, setSaved] = useState({ doc: flow.flow, revision: flow.revision });
  const [meta, setMeta] = useState({ name: flow.name, isActive: flow.isActive, celularTeste: flow.celularTeste });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [focus, setFocus] = useState<{ nodeId: string } | null>(null);
  const doc = history.present;

  const apply: TApplyEdit = useCallback(
    (edit, mergeKey) => setHistory((h) => commit(h, edit(h.present), mergeKey ?? null)),
    [],
  );
  const onSeal = useCallback(() => setHistory(seal), []);
  const onUndo = useCallback(() => setHistory(undo), []);
  const onRedo = useCallback(() => setHistory(redo), []);

  const issues = useMemo(() => {
    const fieldLabels: Record<string, string> = {
      url: t('chatFlowBuilder.fields.url'),
      mediaUrl: t('chatFlowBuilder.fields.mediaUrl'),
      tagId: t('chatFlowBuilder.fields.tag'),
      chatFlowId: t('chatFlowBuilder.fields.chatFlow'),
      kanban: t('chatFlowBuilder.fields.kanban'),
      seconds: t('chatFlowBuilder.fields.seconds'),
      variable: t('chatFlowBuilder.fields.variable'),
      label: t('chatFlowBuilder.fields.options'),
      message: t('chatFlowBuilder.fields.message'),
      condition: t('chatFlowBuilder.condition.answers'),
    };
    return findFlowIssues(doc, (field) => {
      const name =
        field
          .split('.')
          .filter((p) => !/^\d+$/.test(p))
          .at(-1) ?? field;
      return t('chatFlowBuilder.invalidField', { field: fieldLabels[name] ?? name });
    });
  }, [doc, t]);

  const onSaved = useCallback((saved: TChatFlow, sent: TFlowDocument) => {
    setSaved({ doc: sent, revision: saved.revision });
  }, []);
  const save = useCallback(
    (target: TFlowDocument, revision: number | null) =>
      update(revision === null ? { flow: target } : { flow: target, revision }),
    [update],
  );
  const autosave = useFlowAutosave({ doc, saved, isValid: issues.length === 0, save, onSaved });
  const shownIssues = issues.length > 0 ? issues : autosave.serverIssues;
  const byNode = useMemo(() => issuesByNode(shownIssues), [shownIssues]);

  const onReload = async () => {
    try {
      const fresh = await reload();
      setHistory(startHistory(fresh.flow));
      setSaved({ doc: fresh.flow, revision: fresh.revision });
      setMeta({ name: fresh.name, isActive: fresh.isActive, celularTeste: fresh.celularTeste });
      setSelectedId(null);
      autosave.dismissConflict();
    } catch (error) {
      showApiError(error);
    }
  };

  const onMetaChange = async (patch: { name?: string; isActive?: boolean }) => {
    const before = meta;
    setMeta((m) => ({ ...m, ...patch }));
    try {
      const result = await update(patch);
      setSaved((s) => ({ ...s, revision: result.revision }));
    } catch (error) {
      setMeta(before);
      showApiError(error);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Esc in an open select closes the select, not the panel.
      // On a focused node React Flow unselects it itself (which closes the panel); deselecting first here would
      // let it select the node again.
      const target = event.target instanceof Element ? event.target : null;
      const inOpenList = target?.getAttribute('aria-expanded') === 'true';
      const onCanvasItem = Boolean(target?.closest('.react-flow__node, .react-flow__edge'));
      if (event.key === 'Escape' && !event.defaultPrevented && !inOpenList && !onCanvasItem) {
        setSelectedId(null);
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) onUndo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') onRedo();
      else return;
      event.preventDefault();
    };
    // Capture: seen before a select handles its own Esc and closes (aria-expanded still tells it was open).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onUndo, onRedo]);

  const stepOptions = useMemo(
    () => doc.nodeList.filter((n) => n.type === 'node').map((n) => ({ value: n.id, label: n.name || n.id })),
    [doc],
  );
  const describeCondition = useCallback(
    (condition: TFlowCondition) => {
      const when =
        condition.type === 'US'
          ? t('chatFlowBuilder.node.anyAnswer')
          : condition.condition.length > 0
            ? condition.condition.join(', ')
            : '…';
      const name = (options: { value: string; label: string }[], id: number | null) =>
        id === null ? '' : `: ${options.find((o) => o.value === String(id))?.label ?? `#${id}`}`;
      const then = (() => {
        switch (condition.action) {
          case 0: {
            const step = condition.nextStepId ? findStep(doc, condition.nextStepId) : undefined;
            return t('chatFlowBuilder.node.toStep', { name: step?.name || condition.nextStepId || '?' });
          }
          case 1:
            return t('chatFlowBuilder.node.toQueue') + name(lookups.queues, condition.queueId);
          case 2:
            return t('chatFlowBuilder.node.toUser') + name(lookups.users, condition.userIdDestination);
          case 3:
            return t('chatFlowBuilder.node.toClose');
          default: {
            const never: never = condition.action;
            return never;
          }
        }
      })();
      return `${when} → ${then}`;
    },
    [doc, lookups.queues, lookups.users, t],
  );

  const selected = selectedId ? doc.nodeList.find((n) => n.id === selectedId) : undefined;
  const selectedIssues = shownIssues.filter((i) => i.nodeId === selectedId);

  const onExport = () => {
    const blob = new Blob([JSON.stringify({ name: meta.name, flow: doc }, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${meta.name || t('chatFlowBuilder.exportFile')}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Paper
      withBorder
      radius="md"
      style={{
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))',
        minHeight: 480,
      }}
      data-testid="flow-builder"
    >
      <BuilderHeader
        name={meta.name}
        isActive={meta.isActive}
        celularTeste={meta.celularTeste}
        status={autosave.status}
        issues={issues}
        onRename={(name) => void onMetaChange({ name })}
        onActiveChange={(isActive) => void onMetaChange({ isActive })}
        nodeLabel={(nodeId) => {
          const node = doc.nodeList.find((n) => n.id === nodeId);
          if (node?.type === 'start') return t('chatFlowBuilder.node.start');
          if (node?.type === 'configurations') return t('chatFlowBuilder.node.configurations');
          return node?.name || nodeId;
        }}
        onIssueClick={(nodeId) => {
          setSelectedId(nodeId);
          if (nodeId) setFocus({ nodeId });
        }}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onUndo={onUndo}
        onRedo={onRedo}
        simulating={simulating}
        onSimulate={renderSimulator ? () => setSimulating((s) => !s) : undefined}
        onExport={onExport}
      />
      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ReactFlowProvider>
            <FlowCanvas
              doc={doc}
              issuesByNode={byNode}
              selectedId={selectedId}
              onSelect={setSelectedId}
              apply={apply}
              onSeal={onSeal}
              describeCondition={describeCondition}
              focus={focus}
            />
          </ReactFlowProvider>
        </Box>
        {selected && selected.type !== 'start' && (
          <Box
            w={420}
            style={{
              flexShrink: 0,
              borderLeft: '1px solid var(--mantine-color-default-border)',
              display: 'flex',
              flexDirection: 'column',
            }}
            data-testid="flow-node-panel"
          >
            <Group
              justify="space-between"
              px="md"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text fw={600}>
                {selected.type === 'configurations'
                  ? t('chatFlowBuilder.panel.configurationsTitle')
                  : `${t('chatFlowBuilder.panel.stepTitle')}: ${selected.name || selected.id}`}
              </Text>
              <CloseButton onClick={() => setSelectedId(null)} aria-label={t('chatFlowBuilder.panel.close')} />
            </Group>
            <ScrollArea key={selected.id} style={{ flex: 1 }} px="md" py="sm">
              {selected.type === 'configurations' ? (
                <ConfigurationsPanel
                  configurations={selected.configurations}
                  onChange={(configurations, field) =>
                    apply((d) => updateConfigurations(d, configurations), `config:${field}`)
                  }
                  lookups={lookups}
                  issues={selectedIssues}
                />
              ) : (
                <StepPanel
                  key={selected.id}
                  step={selected}
                  apply={apply}
                  issues={selectedIssues}
                  lookups={{ ...lookups, steps: stepOptions }}
                  onDeleted={() => setSelectedId(null)}
                />
              )}
            </ScrollArea>
          </Box>
        )}
        {simulating && renderSimulator && (
          <Box
            w={380}
            style={{
              flexShrink: 0,
              borderLeft: '1px solid var(--mantine-color-default-border)',
              display: 'flex',
              flexDirection: 'column',
            }}
            data-testid="flow-simulator-panel"
          >
            <Group
              justify="space-between"
              px="md"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text fw={600}>{t('chatFlowBuilder.simulatorTitle')}</Text>
              <CloseButton onClick={() => setSimulating(false)} aria-label={t('chatFlowBuilder.panel.close')} />
            </Group>
            <Box style={{ flex: 1, minHeight: 0 }}>{renderSimulator(doc)}</Box>
          </Box>
        )}
      </Box>
      <ConflictModal opened={autosave.conflict} onReload={() => void onReload()} onOverwrite={autosave.overwrite} />
    </Paper>
  );
};
