import '@xyflow/react/dist/style.css';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { CONFIGURATIONS_NODE_ID, START_NODE_ID, type TFlowCondition, type TFlowDocument } from '@prosa/contracts';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import {
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  MiniMap,
  type NodeChange,
  Panel,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addStep, canConnect, connect, deleteLine, deleteNode, findFreeSpot, moveNode, nextId } from './flow-doc-ops';
import {
  conditionHandleId,
  flowNodeTypes,
  NEW_CONDITION_HANDLE,
  type TConfigurationsNode,
  type TStartNode,
  type TStepNode,
} from './flow-nodes';

type TCanvasNode = TStepNode | TStartNode | TConfigurationsNode;
type TSize = { width: number; height: number };
export type TApplyEdit = (edit: (doc: TFlowDocument) => TFlowDocument, mergeKey?: string) => void;

const DRAG_TYPE = 'application/x-prosa-flow-step';

type TProps = {
  doc: TFlowDocument;
  issuesByNode: ReadonlyMap<string, string[]>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  apply: TApplyEdit;
  /** A run of merged edits (a drag) ended. */
  onSeal: () => void;
  describeCondition: (condition: TFlowCondition) => string;
  /** A node to bring into view (a problem clicked in the header); a new object each time. */
  focus: { nodeId: string } | null;
};

/** The document drawn with React Flow. The document is the only state; React Flow only reports edits. */
export const FlowCanvas = ({
  doc,
  issuesByNode,
  selectedId,
  onSelect,
  apply,
  onSeal,
  describeCondition,
  focus,
}: TProps) => {
  const { t } = useTranslation();
  const flow = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  // React Flow needs each node's measured size back on the node it is given.
  const [sizes, setSizes] = useState<Record<string, TSize>>({});
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);

  useEffect(() => {
    if (focus) void flow.fitView({ nodes: [{ id: focus.nodeId }], duration: 300, maxZoom: 1 });
  }, [focus, flow]);

  const nodes = useMemo(
    (): TCanvasNode[] =>
      doc.nodeList.map((node): TCanvasNode => {
        const base = {
          id: node.id,
          position: { x: node.left, y: node.top },
          selected: node.id === selectedId,
          measured: sizes[node.id],
        };
        const issues = issuesByNode.get(node.id) ?? [];
        switch (node.type) {
          case 'start':
            return { ...base, type: 'start', deletable: false, data: { issues } };
          case 'configurations':
            return { ...base, type: 'configurations', deletable: false, data: { issues } };
          case 'node':
            return { ...base, type: 'step', data: { step: node, issues, describeCondition } };
          default: {
            const never: never = node;
            return never;
          }
        }
      }),
    [doc, selectedId, sizes, issuesByNode, describeCondition],
  );

  const edges = useMemo(
    (): Edge[] =>
      doc.lineList.map((line) => {
        const id = `${line.from}->${line.to}`;
        const from = doc.nodeList.find((n) => n.id === line.from);
        const condition =
          from?.type === 'node' ? from.conditions.find((c) => c.action === 0 && c.nextStepId === line.to) : undefined;
        const sourceHandle =
          line.from === START_NODE_ID ? 'out' : condition ? conditionHandleId(condition.id) : NEW_CONDITION_HANDLE;
        return {
          id,
          source: line.from,
          target: line.to,
          sourceHandle,
          targetHandle: 'in',
          selected: id === selectedEdge,
          markerEnd: { type: MarkerType.ArrowClosed },
          style: { strokeWidth: 2 },
        };
      }),
    [doc, selectedEdge],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<TCanvasNode>[]) => {
      const measured: Record<string, TSize> = {};
      // A click on another node deselects the old one and selects the new one in one batch.
      let picked: string | null = null;
      let dropped = false;
      for (const change of changes) {
        switch (change.type) {
          case 'dimensions':
            if (change.dimensions) measured[change.id] = change.dimensions;
            break;
          case 'position':
            if (change.position) {
              const { x, y } = change.position;
              apply((d) => moveNode(d, change.id, x, y), `move:${change.id}`);
            }
            if (change.dragging === false) onSeal();
            break;
          case 'select':
            if (change.selected) picked = change.id;
            else if (change.id === selectedId) dropped = true;
            break;
          default:
            break;
        }
      }
      if (picked) {
        onSelect(picked);
        setSelectedEdge(null);
      } else if (dropped) onSelect(null);
      if (Object.keys(measured).length > 0) setSizes((prev) => ({ ...prev, ...measured }));
    },
    [apply, onSeal, onSelect, selectedId],
  );

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type === 'select') {
        if (change.selected) setSelectedEdge(change.id);
        else setSelectedEdge((current) => (current === change.id ? null : current));
      }
    }
  }, []);

  // One undo step for what the Delete key took: the nodes, then the lines left.
  const onDelete = useCallback(
    ({ nodes: removedNodes, edges: removedEdges }: { nodes: TCanvasNode[]; edges: Edge[] }) => {
      apply((d) => {
        let next = d;
        for (const node of removedNodes) next = deleteNode(next, node.id);
        for (const edge of removedEdges) next = deleteLine(next, edge.source, edge.target);
        return next;
      });
      if (removedNodes.some((n) => n.id === selectedId)) onSelect(null);
      setSelectedEdge(null);
    },
    [apply, onSelect, selectedId],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const handle = connection.sourceHandle ?? '';
      const conditionId = handle.startsWith('cond:') ? handle.slice('cond:'.length) : undefined;
      apply((d) => connect(d, connection.source, connection.target, conditionId).doc);
      // The new condition waits for its answers: open the step where they are listed.
      if (connection.source !== START_NODE_ID) onSelect(connection.source);
    },
    [apply, onSelect],
  );

  const isValidConnection = useCallback(
    (connection: Connection | Edge) => canConnect(doc, connection.source, connection.target),
    [doc],
  );

  const addStepAt = (position: { x: number; y: number }) => {
    const id = nextId(
      'etapa-',
      doc.nodeList.map((n) => n.id),
    );
    apply((d) => addStep(d, { id, left: position.x, top: position.y }).doc);
    onSelect(id);
  };

  const onAddClick = () => {
    const box = wrapper.current?.getBoundingClientRect();
    const center = box
      ? flow.screenToFlowPosition({ x: box.left + box.width / 2 - 120, y: box.top + box.height / 2 - 40 })
      : { x: 320, y: 320 };
    const spot = findFreeSpot(doc, center.x, center.y);
    addStepAt({ x: spot.left, y: spot.top });
  };

  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    addStepAt(flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <div ref={wrapper} style={{ width: '100%', height: '100%' }} data-testid="flow-canvas">
      <ReactFlow<TCanvasNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={flowNodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onDelete={onDelete}
        isValidConnection={isValidConnection}
        onNodeDragStop={onSeal}
        onPaneClick={() => {
          onSelect(null);
          setSelectedEdge(null);
        }}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes(DRAG_TYPE)) {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          }
        }}
        onDrop={onDrop}
        deleteKeyCode={['Delete', 'Backspace']}
        multiSelectionKeyCode={null}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.2}
        connectionRadius={40}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        <MiniMap
          pannable
          zoomable
          nodeColor={(node) =>
            (issuesByNode.get(node.id)?.length ?? 0) > 0
              ? 'var(--mantine-color-red-4)'
              : node.id === CONFIGURATIONS_NODE_ID || node.id === START_NODE_ID
                ? 'var(--mantine-color-gray-5)'
                : 'var(--mantine-primary-color-light-color)'
          }
        />
        <Panel position="top-left">
          <Paper withBorder shadow="sm" p="xs" radius="md">
            <Stack gap={6}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {t('chatFlowBuilder.palette.title')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                rightSection={<IconGripVertical size={14} />}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(DRAG_TYPE, 'node');
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onClick={onAddClick}
                data-testid="flow-palette-new-step"
              >
                {t('chatFlowBuilder.palette.newStep')}
              </Button>
              <Text size="xs" c="dimmed" maw={150}>
                {t('chatFlowBuilder.palette.dragHint')}
              </Text>
            </Stack>
          </Paper>
        </Panel>
      </ReactFlow>
    </div>
  );
};
