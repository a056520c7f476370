import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TDashboard } from '@prosa/contracts';
import {
  type Icon,
  IconCircleCheck,
  IconClockHour4,
  IconClockPause,
  IconHeadset,
  IconHourglass,
  IconMessageCircle,
  IconMessageDown,
  IconMessageUp,
  IconSend,
  IconStar,
  IconTicket,
  IconUsersGroup,
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

const cols = { base: 2, sm: 3, md: 4, xl: 6 };
const CARD_COUNT = 12;

type TDashboardCardsProps = {
  figures: Pick<TDashboard, 'cards' | 'times'> | undefined;
  /** "Só horário de atendimento": the first response counted in the tenant's business hours only. */
  businessHoursOnly: boolean;
};

/**
 * The twelve figures on top: live counts first, then the period's counts and rating, its average times and its
 * messages. Skeletons while the first answer loads.
 */
export const DashboardCards = ({ figures, businessHoursOnly }: TDashboardCardsProps) => {
  const { t } = useTranslation();
  if (!figures)
    return (
      <SimpleGrid cols={cols} spacing="sm" mb="md" data-testid="dashboard-cards-loading">
        {Array.from({ length: CARD_COUNT }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  const { cards, times } = figures;
  const firstResponse = businessHoursOnly ? times.avgFirstResponseBusinessSeconds : cards.avgFirstResponseSeconds;
  const duration = (seconds: number | null, hint?: string) => ({
    value: formatDuration(seconds, t),
    hint: seconds === null ? t('dashboard.cards.noData') : hint,
  });
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
      key: 'avgRating',
      label: t('dashboard.cards.avgRating'),
      value: cards.avgRating === null ? '—' : rating.format(cards.avgRating),
      hint: cards.avgRating === null ? t('dashboard.cards.noData') : undefined,
      icon: IconStar,
      color: 'yellow',
    },
    {
      key: 'avgWait',
      label: t('dashboard.cards.avgWait'),
      ...duration(times.avgWaitSeconds),
      icon: IconUsersGroup,
      color: 'violet',
    },
    {
      key: 'avgFirstResponse',
      label: t('dashboard.cards.avgFirstResponse'),
      ...duration(firstResponse, businessHoursOnly ? t('dashboard.cards.inBusinessHours') : undefined),
      icon: IconSend,
      color: 'cyan',
    },
    {
      key: 'avgResolution',
      label: t('dashboard.cards.avgResolution'),
      ...duration(cards.avgResolutionSeconds),
      icon: IconMessageCircle,
      color: 'grape',
    },
    {
      key: 'avgPause',
      label: t('dashboard.cards.avgPause'),
      ...duration(times.avgPauseSeconds),
      icon: IconClockPause,
      color: 'gray',
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
