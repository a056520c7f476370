import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { answererLabel, answererProviders, type TAnswererProvider, type TFlowInteraction } from '@prosa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextId } from './flow-doc-ops';

import { MediaEditor } from './media-editor';
import { MessageText, type TEditorProps, type TOf } from './message-text';
export type TOption = { value: string; label: string };
export type TInteractionLookups = { flows: TOption[]; tags: TOption[] };

/** Format sample, not language. */
const URL_SAMPLE = 'https://';

const MessageEditor = ({ interaction, onChange, testId }: TEditorProps<TOf<'MessageField'>>) => {
  const { t } = useTranslation();
  return (
    <MessageText
      label={t('chatFlowBuilder.fields.message')}
      value={interaction.data.message}
      onChange={(message) => onChange({ ...interaction, data: { message } })}
      testId={`${testId}-message`}
    />
  );
};

const OptionsEditor = ({ interaction, onChange, testId }: TEditorProps<TOf<'MessageOptionsField'>>) => {
  const { t } = useTranslation();
  const { data } = interaction;
  const set = (patch: Partial<TOf<'MessageOptionsField'>['data']>) =>
    onChange({ ...interaction, data: { ...data, ...patch } });
  return (
    <Stack gap="xs">
      <MessageText
        label={t('chatFlowBuilder.fields.message')}
        value={data.message}
        onChange={(message) => set({ message })}
        testId={`${testId}-message`}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('chatFlowBuilder.fields.display')}
        </Text>
        <SegmentedControl
          size="xs"
          value={data.display}
          onChange={(display) => set({ display: display as typeof data.display })}
          data={[
            { value: 'text', label: t('chatFlowBuilder.fields.displayText') },
            { value: 'buttons', label: t('chatFlowBuilder.fields.displayButtons') },
            { value: 'list', label: t('chatFlowBuilder.fields.displayList') },
          ]}
        />
      </Stack>
      <Text size="sm" fw={500}>
        {t('chatFlowBuilder.fields.options')}
      </Text>
      {data.options.map((option, index) => (
        <Group key={option.id} gap={4} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="xs"
            aria-label={t('chatFlowBuilder.fields.option', { n: index + 1 })}
            placeholder={t('chatFlowBuilder.fields.option', { n: index + 1 })}
            value={option.label}
            onChange={(e) => {
              const label = e.currentTarget.value;
              set({ options: data.options.map((o) => (o.id === option.id ? { ...o, label } : o)) });
            }}
            data-testid={`${testId}-option-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={data.options.length <= 1}
            onClick={() => set({ options: data.options.filter((o) => o.id !== option.id) })}
            aria-label={t('chatFlowBuilder.panel.remove')}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconPlus size={12} />}
        disabled={data.options.length >= 10}
        onClick={() =>
          set({
            options: [
              ...data.options,
              {
                id: nextId(
                  'o',
                  data.options.map((o) => o.id),
                ),
                label: String(data.options.length + 1),
              },
            ],
          })
        }
        style={{ alignSelf: 'flex-start' }}
      >
        {t('chatFlowBuilder.fields.addOption')}
      </Button>
    </Stack>
  );
};

const DelayEditor = ({ interaction, onChange, testId }: TEditorProps<TOf<'DelayField'>>) => {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('chatFlowBuilder.fields.seconds')}
      min={1}
      max={60}
      allowDecimal={false}
      value={interaction.data.seconds}
      onChange={(value) => onChange({ ...interaction, data: { seconds: Number(value) || 1 } })}
      data-testid={`${testId}-seconds`}
    />
  );
};

const WebhookEditor = ({ interaction, onChange, testId }: TEditorProps<TOf<'WebhookField'>>) => {
  const { t } = useTranslation();
  const { data } = interaction;
  const set = (patch: Partial<TOf<'WebhookField'>['data']>) =>
    onChange({ ...interaction, data: { ...data, ...patch } });
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          w={100}
          label={t('chatFlowBuilder.fields.method')}
          data={['POST', 'GET']}
          value={data.method}
          allowDeselect={false}
          onChange={(method) => set({ method: method === 'GET' ? 'GET' : 'POST' })}
        />
        <TextInput
          style={{ flex: 1 }}
          label={t('chatFlowBuilder.fields.url')}
          placeholder={URL_SAMPLE}
          value={data.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          data-testid={`${testId}-url`}
        />
      </Group>
      <TextInput
        label={t('chatFlowBuilder.fields.variable')}
        description={t('chatFlowBuilder.fields.variableHint', { variable: `{{${data.variable || 'resposta'}}}` })}
        value={data.variable ?? ''}
        onChange={(e) => {
          const variable = e.currentTarget.value.trim();
          set({ variable: variable === '' ? undefined : variable });
        }}
      />
    </Stack>
  );
};

const idValue = (id: number) => (id > 0 ? String(id) : null);

export const InteractionEditor = ({
  interaction,
  onChange,
  lookups,
  testId,
}: {
  interaction: TFlowInteraction;
  onChange: (interaction: TFlowInteraction) => void;
  lookups: TInteractionLookups;
  testId: string;
}) => {
  const { t } = useTranslation();
  switch (interaction.type) {
    case 'MessageField':
      return <MessageEditor interaction={interaction} onChange={onChange} testId={testId} />;
    case 'MediaField':
      return <MediaEditor interaction={interaction} onChange={onChange} testId={testId} />;
    case 'MessageOptionsField':
      return <OptionsEditor interaction={interaction} onChange={onChange} testId={testId} />;
    case 'DelayField':
      return <DelayEditor interaction={interaction} onChange={onChange} testId={testId} />;
    case 'WebhookField':
      return <WebhookEditor interaction={interaction} onChange={onChange} testId={testId} />;
    case 'ChatFlowField':
      return (
        <Select
          label={t('chatFlowBuilder.fields.chatFlow')}
          placeholder={t('chatFlowBuilder.fields.chatFlowPlaceholder')}
          data={lookups.flows}
          searchable
          value={idValue(interaction.data.chatFlowId)}
          onChange={(value) => onChange({ ...interaction, data: { chatFlowId: Number(value ?? 0) } })}
          data-testid={`${testId}-flow`}
        />
      );
    case 'AssistantField':
      return (
        <Select
          label={t('chatFlowBuilder.fields.assistant')}
          data={answererProviders.map((provider) => ({ value: provider, label: answererLabel(provider) }))}
          allowDeselect={false}
          value={interaction.data.provider}
          onChange={(value) => value && onChange({ ...interaction, data: { provider: value as TAnswererProvider } })}
          data-testid={`${testId}-assistant`}
        />
      );
    case 'TagField':
      return (
        <Select
          label={t('chatFlowBuilder.fields.tag')}
          placeholder={t('chatFlowBuilder.fields.tagPlaceholder')}
          data={lookups.tags}
          searchable
          value={idValue(interaction.data.tagId)}
          onChange={(value) => onChange({ ...interaction, data: { tagId: Number(value ?? 0) } })}
          data-testid={`${testId}-tag`}
        />
      );
    case 'KanbanField':
      return (
        <NumberInput
          label={t('chatFlowBuilder.fields.kanban')}
          min={1}
          allowDecimal={false}
          value={interaction.data.kanban || ''}
          onChange={(value) => onChange({ ...interaction, data: { kanban: Number(value) || 0 } })}
          data-testid={`${testId}-kanban`}
        />
      );
    default: {
      const never: never = interaction;
      return never;
    }
  }
};
