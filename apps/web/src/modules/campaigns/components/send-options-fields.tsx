import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TSendFields } from './campaign-form';

type TSendOptionsFieldsProps = {
  inputProps: (path: keyof TSendFields) => GetInputPropsReturnType;
};

/** Pacing of the sends: the delay between two (randomised), the daily window and the daily cap. */
export const SendOptionsFields = ({ inputProps }: TSendOptionsFieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <NumberInput
          label={t('campaigns.form.delay')}
          description={t('campaigns.form.delayHint')}
          min={0}
          max={3600}
          allowDecimal={false}
          data-testid="campaign-delay"
          {...inputProps('delaySeconds')}
        />
        <NumberInput
          label={t('campaigns.form.dailyCap')}
          description={t('campaigns.form.dailyCapHint')}
          min={1}
          allowDecimal={false}
          data-testid="campaign-daily-cap"
          {...inputProps('dailyCap')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          type="time"
          label={t('campaigns.form.windowStart')}
          data-testid="campaign-window-start"
          {...inputProps('windowStart')}
        />
        <TextInput
          type="time"
          label={t('campaigns.form.windowEnd')}
          data-testid="campaign-window-end"
          {...inputProps('windowEnd')}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={-6}>
        {t('campaigns.form.windowHint')}
      </Text>
    </Stack>
  );
};
