import { ActionIcon, Alert, Button, Divider, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { TFlowInteractionType, TFlowStepNode } from '@prosa/contracts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionEditor, type TConditionLookups } from './condition-editor';
import type { TApplyEdit } from './flow-canvas';
import {
  addCondition,
  addInteraction,
  deleteCondition,
  deleteInteraction,
  deleteNode,
  moveCondition,
  moveInteraction,
  renameNode,
  updateCondition,
  updateInteraction,
} from './flow-doc-ops';
import { InteractionEditor, type TInteractionLookups } from './interaction-editors';

const INTERACTION_TYPES: TFlowInteractionType[] = [
  'MessageField',
  'MessageOptionsField',
  'MediaField',
  'DelayField',
  'WebhookField',
  'ChatFlowField',
  'AssistantField',
  'TagField',
  'KanbanField',
];

/** One item of a reorderable list: its title and the up / down / remove buttons. */
const ListItem = ({
  title,
  index,
  count,
  onMove,
  onRemove,
  issues,
  children,
  testId,
}: {
  title: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  issues: string[];
  children: ReactNode;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid={testId}
      style={issues.length ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            size="sm"
            variant="subtle"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('chatFlowBuilder.panel.moveUp')}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('chatFlowBuilder.panel.moveDown')}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('chatFlowBuilder.panel.remove')}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {children}
      {issues.map((issue) => (
        <Text key={issue} size="xs" c="red" mt={4}>
          {issue}
        </Text>
      ))}
    </Paper>
  );
};

type TProps = {
  step: TFlowStepNode;
  apply: TApplyEdit;
  /** Issues of this step by path (`nodeList.<id>.conditions.0`...). */
  issues: { path: string; message: string }[];
  lookups: TInteractionLookups & TConditionLookups;
  onDeleted: () => void;
};

export const StepPanel = ({ step, apply, issues, lookups, onDeleted }: TProps) => {
  const { t } = useTranslation();
  const at = (path: string) => issues.filter((i) => i.path === path).map((i) => i.message);
  const base = `nodeList.${step.id}`;
  const otherSteps = lookups.steps.filter((s) => s.value !== step.id);
  const general = issues
    .filter((i) => !i.path.startsWith(`${base}.interactions.`) && !i.path.startsWith(`${base}.conditions.`))
    .map((i) => i.message);

  return (
    <Stack gap="sm" data-testid="flow-step-panel">
      <TextInput
        label={t('chatFlowBuilder.panel.stepName')}
        placeholder={t('chatFlowBuilder.node.unnamed')}
        value={step.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          apply((d) => renameNode(d, step.id, name), `name:${step.id}`);
        }}
        data-testid="flow-step-name"
      />
      {general.length > 0 && (
        <Alert color="red" p="xs">
          {general.map((message) => (
            <Text key={message} size="xs">
              {message}
            </Text>
          ))}
        </Alert>
      )}

      <Divider label={t('chatFlowBuilder.panel.interactions')} labelPosition="left" />
      {step.interactions.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('chatFlowBuilder.panel.noInteractions')}
        </Text>
      )}
      {step.interactions.map((interaction, index) => (
        <ListItem
          key={interaction.id}
          title={t(`chatFlowBuilder.interaction.${interaction.type}`)}
          index={index}
          count={step.interactions.length}
          onMove={(by) => apply((d) => moveInteraction(d, step.id, interaction.id, by))}
          onRemove={() => apply((d) => deleteInteraction(d, step.id, interaction.id))}
          issues={at(`${base}.interactions.${index}`)}
          testId={`flow-interaction-${index}`}
        >
          <InteractionEditor
            interaction={interaction}
            onChange={(next) =>
              apply((d) => updateInteraction(d, step.id, next), `interaction:${step.id}:${interaction.id}`)
            }
            lookups={lookups}
            testId={`flow-interaction-${index}`}
          />
        </ListItem>
      ))}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            data-testid="flow-add-interaction"
          >
            {t('chatFlowBuilder.panel.addInteraction')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {INTERACTION_TYPES.map((type) => (
            <Menu.Item
              key={type}
              onClick={() => apply((d) => addInteraction(d, step.id, type))}
              data-testid={`flow-add-${type}`}
            >
              {t(`chatFlowBuilder.interaction.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>

      <Divider label={t('chatFlowBuilder.panel.conditions')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {step.conditions.length === 0
          ? t('chatFlowBuilder.panel.noConditions')
          : t('chatFlowBuilder.panel.conditionsHint')}
      </Text>
      {step.conditions.map((condition, index) => (
        <ListItem
          key={condition.id}
          title={t('chatFlowBuilder.condition.label', { n: index + 1 })}
          index={index}
          count={step.conditions.length}
          onMove={(by) => apply((d) => moveCondition(d, step.id, condition.id, by))}
          onRemove={() => apply((d) => deleteCondition(d, step.id, condition.id))}
          issues={at(`${base}.conditions.${index}`)}
          testId={`flow-condition-${index}`}
        >
          <ConditionEditor
            condition={condition}
            onChange={(next) => apply((d) => updateCondition(d, step.id, next), `condition:${step.id}:${condition.id}`)}
            lookups={{ ...lookups, steps: otherSteps }}
            testId={`flow-condition-${index}`}
          />
        </ListItem>
      ))}
      <Group justify="space-between">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => apply((d) => addCondition(d, step.id))}
          data-testid="flow-add-condition"
        >
          {t('chatFlowBuilder.panel.addCondition')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => {
            apply((d) => deleteNode(d, step.id));
            onDeleted();
          }}
          data-testid="flow-delete-step"
        >
          {t('chatFlowBuilder.panel.deleteStep')}
        </Button>
      </Group>
    </Stack>
  );
};
