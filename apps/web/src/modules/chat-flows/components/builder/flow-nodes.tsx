import { Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { TFlowCondition, TFlowStepNode } from '@prosa/contracts';
import { IconPlayerPlay, IconSettings } from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';

/** What a step's card shows besides the step: its problems and how to name a condition's destination. */
export type TStepNodeData = {
  step: TFlowStepNode;
  issues: string[];
  describeCondition: (condition: TFlowCondition) => string;
};
export type TStartNodeData = { issues: string[] };
export type TStepNode = Node<TStepNodeData, 'step'>;
export type TStartNode = Node<TStartNodeData, 'start'>;
export type TConfigurationsNode = Node<TStartNodeData, 'configurations'>;

/** The handle a condition's line leaves from; `new` draws a new condition. */
export const conditionHandleId = (conditionId: string) => `cond:${conditionId}`;
export const NEW_CONDITION_HANDLE = 'new';

const IssuesBadge = ({ issues }: { issues: string[] }) =>
  issues.length === 0 ? null : (
    <Tooltip
      multiline
      w={260}
      withArrow
      label={
        <Stack gap={2}>
          {issues.map((issue) => (
            <Text key={issue} size="xs">
              {issue}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge color="red" size="sm" circle data-testid="flow-node-issues">
        {issues.length}
      </Badge>
    </Tooltip>
  );

const cardStyle = (selected: boolean, hasIssues: boolean) => ({
  borderColor: selected ? 'var(--mantine-primary-color-filled)' : hasIssues ? 'var(--mantine-color-red-6)' : undefined,
  borderWidth: selected ? 2 : 1,
});

export const StartNode = ({ data, selected }: NodeProps<TStartNode>) => {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="xs"
      radius="xl"
      px="md"
      py={6}
      style={cardStyle(selected, data.issues.length > 0)}
      data-testid="flow-node-start"
    >
      <Group gap={6} wrap="nowrap">
        <IconPlayerPlay size={16} color="var(--mantine-color-green-7)" />
        <Text size="sm" fw={600}>
          {t('chatFlowBuilder.node.start')}
        </Text>
        <IssuesBadge issues={data.issues} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('chatFlowBuilder.node.startHint')}
      </Text>
      <Handle type="source" position={Position.Right} id="out" />
    </Paper>
  );
};

export const ConfigurationsNode = ({ data, selected }: NodeProps<TConfigurationsNode>) => {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="xs"
      radius="md"
      px="md"
      py={6}
      style={cardStyle(selected, data.issues.length > 0)}
      data-testid="flow-node-configurations"
    >
      <Group gap={6} wrap="nowrap">
        <IconSettings size={16} />
        <Text size="sm" fw={600}>
          {t('chatFlowBuilder.node.configurations')}
        </Text>
        <IssuesBadge issues={data.issues} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('chatFlowBuilder.node.configurationsHint')}
      </Text>
    </Paper>
  );
};

const firstMessage = (step: TFlowStepNode): string | null => {
  for (const interaction of step.interactions)
    if (interaction.type === 'MessageField' || interaction.type === 'MessageOptionsField')
      return interaction.data.message || null;
  return null;
};

export const StepNode = ({ id, data, selected }: NodeProps<TStepNode>) => {
  const { t } = useTranslation();
  const { step, issues } = data;
  const preview = firstMessage(step);
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      w={240}
      style={cardStyle(selected, issues.length > 0)}
      data-testid={`flow-node-${id}`}
    >
      <Handle type="target" position={Position.Left} id="in" />
      <Box px="sm" pt={6} pb={4}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {step.name || t('chatFlowBuilder.node.unnamed')}
          </Text>
          <IssuesBadge issues={issues} />
        </Group>
        <Text size="xs" c={preview ? undefined : 'dimmed'} lineClamp={2}>
          {preview ?? t('chatFlowBuilder.node.noMessage')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('chatFlowBuilder.node.interactions', { count: step.interactions.length })}
        </Text>
      </Box>
      <Stack gap={0} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {step.conditions.length === 0 && (
          <Text size="xs" c="red" px="sm" py={4}>
            {t('chatFlowBuilder.node.noConditions')}
          </Text>
        )}
        {step.conditions.map((condition) => (
          <Box
            key={condition.id}
            px="sm"
            py={3}
            pos="relative"
            style={{ borderBottom: '1px dashed var(--mantine-color-default-border)' }}
            data-testid={`flow-node-${id}-condition-${condition.id}`}
          >
            <Text size="xs" truncate pr={8}>
              {data.describeCondition(condition)}
            </Text>
            {condition.action === 0 && (
              <Handle type="source" position={Position.Right} id={conditionHandleId(condition.id)} />
            )}
          </Box>
        ))}
        <Tooltip label={t('chatFlowBuilder.node.newConnection')} position="bottom" withArrow>
          <Box pos="relative" h={18} px="sm">
            <Text size="xs" c="dimmed" ta="right" pr={6} lh="18px">
              +
            </Text>
            <Handle type="source" position={Position.Right} id={NEW_CONDITION_HANDLE} />
          </Box>
        </Tooltip>
      </Stack>
    </Paper>
  );
};

export const flowNodeTypes = { start: StartNode, configurations: ConfigurationsNode, step: StepNode };
