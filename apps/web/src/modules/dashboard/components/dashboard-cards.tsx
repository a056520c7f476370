import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TDashboardCards } from '@prosa/contracts';
import {
  type Icon,
  IconCircleCheck,
  IconClockHour4,
  IconHeadset,
  IconHourglass,
  IconMessageCircle,
  IconMessageDown,
  IconMessageUp,
  IconSend,
  IconStar,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../attendance/components/format-time';
import { formatDuration } from './format';

type TCard = { key: string; label: string; value: string; hint?: string; icon: Icon; color: string };

const StatCard = ({ card }: { card: TCard }) => (
  <Paper withBorder radius="md" p="md" data-testid={`dashboard-card-${card.key}`}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
        {card.label}
      </Text>
      <ThemeIcon variant="light" color={card.color} size="md" radius="md" aria-hidden>
        <card.icon size={16} />
      </ThemeIcon>
    </Group>
    <Text fz={26} fw={700} lh={1.2} mt={6} data-testid={`dashboard-card-${card.key}-value`}>
      {card.value}
    </Text>
    {card.hint && (
      <Text size="xs" c="dimmed" mt={2}>
        {card.hint}
      </Text>
    )}
  </Paper>
);

const cols = { base: 2, sm: 3, md: 5 };

/** The ten figures on top: live counts first, then the period's. Skeletons while the first answer loads. */
export const DashboardCards = ({ cards }: { cards: TDashboardCards | undefined }) => {
  const { t } = useTranslation();
  if (!cards)
    return (
      <SimpleGrid cols={cols} spacing="sm" mb="md" data-testid="dashboard-cards-loading">
        {Array.from({ length: 10 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  const number = new Intl.NumberFormat(intlLocale());
  const rating = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const list: TCard[] = [
    {
      key: 'open',
      label: t('dashboard.cards.open'),
      value: number.format(cards.open),
      hint: t('dashboard.cards.now'),
      icon: IconHeadset,
      color: 'primary',
    },
    {
      key: 'pending',
      label: t('dashboard.cards.pending'),
      value: number.format(cards.pending),
      hint: t('dashboard.cards.now'),
      icon: IconHourglass,
      color: 'orange',
    },
    {
      key: 'waitingLongest',
      label: t('dashboard.cards.waitingLongest'),
      value: cards.waitingLongestSeconds === null ? '—' : formatDuration(cards.waitingLongestSeconds, t),
      hint: cards.waitingLongestSeconds === null ? t('dashboard.cards.nobodyWaiting') : t('dashboard.cards.now'),
      icon: IconClockHour4,
      color: 'red',
    },
    {
      key: 'ticketsCreated',
      label: t('dashboard.cards.ticketsCreated'),
      value: number.format(cards.ticketsCreated),
      icon: IconTicket,
      color: 'indigo',
    },
    {
      key: 'closedInPeriod',
      label: t('dashboard.cards.closedInPeriod'),
      value: number.format(cards.closedInPeriod),
      icon: IconCircleCheck,
      color: 'teal',
    },
    {
      key: 'avgFirstResponse',
      label: t('dashboard.cards.avgFirstResponse'),
      value: formatDuration(cards.avgFirstResponseSeconds, t),
      hint: cards.avgFirstResponseSeconds === null ? t('dashboard.cards.noData') : undefined,
      icon: IconSend,
      color: 'cyan',
    },
    {
      key: 'avgResolution',
      label: t('dashboard.cards.avgResolution'),
      value: formatDuration(cards.avgResolutionSeconds, t),
      hint: cards.avgResolutionSeconds === null ? t('dashboard.cards.noData') : undefined,
      icon: IconMessageCircle,
      color: 'grape',
    },
    {
      key: 'avgRating',
      label: t('dashboard.cards.avgRating'),
      value: cards.avgRating === null ? '—' : rating.format(cards.avgRating),
      hint: cards.avgRating === null ? t('dashboard.cards.noData') : undefined,
      icon: IconStar,
      color: 'yellow',
    },
    {
      key: 'messagesIn',
      label: t('dashboard.cards.messagesIn'),
      value: number.format(cards.messagesIn),
      icon: IconMessageDown,
      color: 'blue',
    },
    {
      key: 'messagesOut',
      label: t('dashboard.cards.messagesOut'),
      value: number.format(cards.messagesOut),
      icon: IconMessageUp,
      color: 'green',
    },
  ];
  return (
    <SimpleGrid cols={cols} spacing="sm" mb="md" data-testid="dashboard-cards">
      {list.map((card) => (
        <StatCard key={card.key} card={card} />
      ))}
    </SimpleGrid>
  );
};
