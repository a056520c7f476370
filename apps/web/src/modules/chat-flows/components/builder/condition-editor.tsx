import { Group, SegmentedControl, Select, Stack, TagsInput, Text } from '@mantine/core';
import type { TFlowAction, TFlowCondition, TFlowDestination } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import type { TOption } from './interaction-editors';

export type TConditionLookups = { steps: TOption[]; queues: TOption[]; users: TOption[] };

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/** When (any answer / listed answers) and then what (go to a step, a queue, an agent, close). */
export const ConditionEditor = ({
  condition,
  onChange,
  lookups,
  testId,
}: {
  condition: TFlowCondition;
  onChange: (condition: TFlowCondition) => void;
  lookups: TConditionLookups;
  testId: string;
}) => {
  const { t } = useTranslation();
  const setAction = (action: TFlowAction) =>
    onChange({
      ...condition,
      action,
      nextStepId: action === 0 ? condition.nextStepId : null,
      queueId: action === 1 ? condition.queueId : null,
      userIdDestination: action === 2 ? condition.userIdDestination : null,
    });
  return (
    <Stack gap="xs">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('chatFlowBuilder.condition.type')}
        </Text>
        <SegmentedControl
          size="xs"
          value={condition.type}
          onChange={(type) => onChange({ ...condition, type: type === 'R' ? 'R' : 'US' })}
          data={[
            { value: 'US', label: t('chatFlowBuilder.condition.typeUS') },
            { value: 'R', label: t('chatFlowBuilder.condition.typeR') },
          ]}
          data-testid={`${testId}-type`}
        />
      </Stack>
      {condition.type === 'R' && (
        <TagsInput
          label={t('chatFlowBuilder.condition.answers')}
          placeholder={t('chatFlowBuilder.condition.answersPlaceholder')}
          value={condition.condition}
          onChange={(answers) => onChange({ ...condition, condition: answers })}
          splitChars={[',']}
          acceptValueOnBlur
          data-testid={`${testId}-answers`}
        />
      )}
      <Select
        label={t('chatFlowBuilder.condition.action')}
        allowDeselect={false}
        value={String(condition.action)}
        onChange={(value) => setAction(Number(value ?? 0) as TFlowAction)}
        data={[
          { value: '0', label: t('chatFlowBuilder.condition.actionStep') },
          { value: '1', label: t('chatFlowBuilder.condition.actionQueue') },
          { value: '2', label: t('chatFlowBuilder.condition.actionUser') },
          { value: '3', label: t('chatFlowBuilder.condition.actionClose') },
        ]}
        data-testid={`${testId}-action`}
      />
      {condition.action === 0 && (
        <Select
          label={t('chatFlowBuilder.condition.step')}
          placeholder={t('chatFlowBuilder.condition.stepPlaceholder')}
          data={lookups.steps}
          searchable
          value={condition.nextStepId}
          onChange={(nextStepId) => onChange({ ...condition, nextStepId })}
          data-testid={`${testId}-step`}
        />
      )}
      {condition.action === 1 && (
        <Select
          label={t('chatFlowBuilder.condition.queue')}
          placeholder={t('chatFlowBuilder.condition.queuePlaceholder')}
          data={lookups.queues}
          clearable
          searchable
          value={condition.queueId === null ? null : String(condition.queueId)}
          onChange={(value) => onChange({ ...condition, queueId: idOrNull(value) })}
          data-testid={`${testId}-queue`}
        />
      )}
      {condition.action === 2 && (
        <Select
          label={t('chatFlowBuilder.condition.user')}
          placeholder={t('chatFlowBuilder.condition.userPlaceholder')}
          data={lookups.users}
          searchable
          value={condition.userIdDestination === null ? null : String(condition.userIdDestination)}
          onChange={(value) => onChange({ ...condition, userIdDestination: idOrNull(value) })}
          data-testid={`${testId}-user`}
        />
      )}
    </Stack>
  );
};

/** Where the flow hands a ticket over (configurations): a queue (or everyone), an agent, or closed. */
export const DestinationField = ({
  value,
  onChange,
  lookups,
  testId,
}: {
  value: TFlowDestination;
  onChange: (value: TFlowDestination) => void;
  lookups: Pick<TConditionLookups, 'queues' | 'users'>;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        w={130}
        label={t('chatFlowBuilder.config.destination')}
        allowDeselect={false}
        value={String(value.type)}
        onChange={(type) => onChange({ type: Number(type ?? 1) as TFlowDestination['type'], destiny: null })}
        data={[
          { value: '1', label: t('chatFlowBuilder.config.destinationQueue') },
          { value: '2', label: t('chatFlowBuilder.config.destinationUser') },
          { value: '3', label: t('chatFlowBuilder.config.destinationClose') },
        ]}
        data-testid={`${testId}-type`}
      />
      {value.type !== 3 && (
        <Select
          label={value.type === 1 ? t('chatFlowBuilder.condition.queue') : t('chatFlowBuilder.condition.user')}
          placeholder={
            value.type === 1
              ? t('chatFlowBuilder.config.destinationQueuePlaceholder')
              : t('chatFlowBuilder.condition.userPlaceholder')
          }
          data={value.type === 1 ? lookups.queues : lookups.users}
          style={{ flex: 1 }}
          clearable={value.type === 1}
          searchable
          value={value.destiny === null ? null : String(value.destiny)}
          onChange={(destiny) => onChange({ ...value, destiny: idOrNull(destiny) })}
          data-testid={`${testId}-destiny`}
        />
      )}
    </Group>
  );
};
