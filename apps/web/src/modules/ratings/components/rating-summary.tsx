import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TRatingSummary } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../attendance/components/format-time';

/** Colour of a score bar: red for the low end, green for the top. */
export const scoreColor = (score: number): string =>
  score <= 1 ? 'negative' : score <= 2 ? 'warning' : score <= 3 ? 'yellow' : 'positive';

type TRatingSummaryProps = { summary: TRatingSummary | undefined; labels: Map<number, string> };

/** Average, how many ratings, and one bar per score (0-5) over everything the filters keep. */
export const RatingSummary = ({ summary, labels }: TRatingSummaryProps) => {
  const { t } = useTranslation();
  if (!summary) return <Skeleton height={132} radius="md" mb="md" data-testid="ratings-summary-loading" />;
  const average =
    summary.average === null
      ? null
      : new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(
          summary.average,
        );
  const most = Math.max(1, ...summary.distribution);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md" data-testid="ratings-summary">
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          {t('ratings.summary.average')}
        </Text>
        <Text fz={32} fw={700} data-testid="ratings-average">
          {average ?? '—'}
        </Text>
        {average === null && (
          <Text size="xs" c="dimmed">
            {t('ratings.summary.noAverage')}
          </Text>
        )}
        <Text size="sm" mt="xs" data-testid="ratings-rated">
          {t('ratings.count', { count: summary.rated })}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" style={{ gridColumn: 'span 2' }}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('ratings.summary.distribution')}
        </Text>
        <Stack gap={6}>
          {summary.distribution.map((count, score) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the score itself
            <Group key={score} gap="xs" wrap="nowrap" data-testid={`ratings-bar-${score}`}>
              <Text size="sm" w={110} truncate>
                {score} · {labels.get(score) ?? ''}
              </Text>
              <Progress
                value={(count / most) * 100}
                color={scoreColor(score)}
                size="lg"
                radius="sm"
                style={{ flex: 1 }}
                aria-label={t('ratings.summary.bar', { score, count })}
              />
              <Text size="sm" w={40} ta="right">
                {count}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
};
