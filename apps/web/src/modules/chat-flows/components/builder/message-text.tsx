import { Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { BUILT_IN_VARIABLES, type TFlowInteraction } from '@prosa/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Placeholders the engine fills in (domain 5.3); shown as they are written, not translated. */
const FLOW_VARIABLES = BUILT_IN_VARIABLES.map((name) => `{{${name}}}`);

export type TEditorProps<T extends TFlowInteraction> = {
  interaction: T;
  onChange: (interaction: T) => void;
  testId: string;
};

export type TOf<K extends TFlowInteraction['type']> = Extract<TFlowInteraction, { type: K }>;

/** A textarea with the variables under it: a click inserts one where the cursor is. */
export const MessageText = ({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
}) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const insert = (variable: string) => {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + variable + value.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };
  return (
    <Stack gap={4}>
      <Textarea
        ref={ref}
        label={label}
        autosize
        minRows={2}
        maxRows={8}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
      <Group gap={4}>
        <Text size="xs" c="dimmed" title={t('chatFlowBuilder.fields.variablesHint')}>
          {t('chatFlowBuilder.fields.variables')}:
        </Text>
        {FLOW_VARIABLES.map((variable) => (
          <UnstyledButton
            key={variable}
            onClick={() => insert(variable)}
            fz="xs"
            c="var(--mantine-primary-color-filled)"
            ff="monospace"
          >
            {variable}
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  );
};
