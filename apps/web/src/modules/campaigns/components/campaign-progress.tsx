import { Group, type MantineColor, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { TCampaignCounts } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

/** The bar's sections: each contact is in one of these states at a time (a read message is no longer "sent"). */
const sections = [
  { key: 'read', color: 'positive' },
  { key: 'delivered', color: 'accent' },
  { key: 'sent', color: 'primary' },
  { key: 'failed', color: 'negative' },
] as const satisfies readonly { key: keyof TCampaignCounts; color: MantineColor }[];

const percent = (part: number, total: number) => (total > 0 ? (part / total) * 100 : 0);

/**
 * Where a campaign's sends are: read, delivered, sent and failed stacked out of the total, with a legend of
 * the counts and the replies (a reply comes on top of a state, so it is counted beside the bar, not in it).
 */
export const CampaignProgress = ({ counts, compact = false }: { counts: TCampaignCounts; compact?: boolean }) => {
  const { t } = useTranslation();
  if (counts.total === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="campaign-progress-empty">
        {t('campaigns.noContacts')}
      </Text>
    );
  const done = counts.sent + counts.delivered + counts.read + counts.failed + counts.skipped;
  return (
    <Stack gap={4} miw={compact ? 200 : undefined} data-testid="campaign-progress">
      <Progress.Root size={compact ? 'md' : 'xl'} aria-label={t('campaigns.progressOf', { done, total: counts.total })}>
        {sections.map(({ key, color }) =>
          counts[key] > 0 ? (
            <Tooltip key={key} label={`${t(`campaigns.counts.${key}`)}: ${counts[key]}`} withArrow>
              <Progress.Section
                value={percent(counts[key], counts.total)}
                color={color}
                data-testid={`progress-${key}`}
              />
            </Tooltip>
          ) : null,
        )}
      </Progress.Root>
      <Group gap="xs" wrap="wrap">
        {sections.map(({ key, color }) => (
          <Legend key={key} color={color} label={t(`campaigns.counts.${key}`)} value={counts[key]} />
        ))}
        <Legend color="secondary" label={t('campaigns.counts.replied')} value={counts.replied} />
        <Text size="xs" c="dimmed" data-testid="campaign-progress-total">
          {t('campaigns.progressOf', { done, total: counts.total })}
        </Text>
      </Group>
    </Stack>
  );
};

const Legend = ({ color, label, value }: { color: MantineColor; label: string; value: number }) => (
  <Group gap={4} wrap="nowrap">
    <span
      aria-hidden
      style={{
        width: 8,
        height: 8,
        borderRadius: 4,
        background: `var(--mantine-color-${color}-6)`,
        display: 'inline-block',
      }}
    />
    <Text size="xs">
      {label}: {value}
    </Text>
  </Group>
);
