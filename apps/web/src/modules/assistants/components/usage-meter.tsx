import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TUsageMeterProps = { month: string; tokens: number; budget: number | null };

/** This month's tokens, against the budget when there is one. */
export const UsageMeter = ({ month, tokens, budget }: TUsageMeterProps) => {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  const percent = budget ? Math.min(100, (tokens / budget) * 100) : 0;
  return (
    <Stack gap={4} data-testid="ai-usage">
      <Text size="sm">
        {budget
          ? t('assistants.settings.usageOf', { month, tokens: format(tokens), budget: format(budget) })
          : t('assistants.settings.usage', { month, tokens: format(tokens) })}
      </Text>
      {budget ? (
        <Progress
          value={percent}
          color={percent >= 100 ? 'negative' : percent >= 80 ? 'warning' : 'primary'}
          aria-label={t('assistants.settings.usageOf', { month, tokens: format(tokens), budget: format(budget) })}
        />
      ) : null}
    </Stack>
  );
};
