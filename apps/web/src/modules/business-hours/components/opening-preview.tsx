import { Badge, Group, Text } from '@mantine/core';
import { describeOpening, type TBusinessHours, type THolidays, type TWallTime } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const systemNow = () => new Date();

type TOpeningPreviewProps = { hours: TBusinessHours; holidays: THolidays; timeZone: string; now?: () => Date };

/** "Agora: aberto (até 18:00)" / "Agora: fechado (abre às 08:00)", from the grid as it is being edited. */
export const OpeningPreview = ({ hours, holidays, timeZone, now = systemNow }: TOpeningPreviewProps) => {
  const { t } = useTranslation();
  const [at, setAt] = useState(now);
  // The preview follows the clock while the screen stays open.
  useEffect(() => {
    const timer = window.setInterval(() => setAt(now()), 30_000);
    return () => window.clearInterval(timer);
  }, [now]);
  const state = describeOpening(hours, holidays, timeZone, at);
  const when = (wall: TWallTime) =>
    wall.inDays === 0
      ? wall.time
      : wall.inDays === 1
        ? t('openingHours.preview.tomorrow', { time: wall.time })
        : t('openingHours.preview.onDay', { day: t(`openingHours.days.${wall.dayOfWeek}`), time: wall.time });
  const text = state.isOpen
    ? state.until
      ? t('openingHours.preview.openUntil', { time: when(state.until) })
      : t('openingHours.preview.openAlways')
    : state.opensAt
      ? t('openingHours.preview.closedOpens', { time: when(state.opensAt) })
      : t('openingHours.preview.closedAlways');
  return (
    <Group gap="xs" data-testid="opening-preview" aria-live="polite">
      <Badge color={state.isOpen ? 'positive' : 'negative'} variant="filled">
        {t(state.isOpen ? 'openingHours.preview.open' : 'openingHours.preview.closed')}
      </Badge>
      <Text size="sm" data-testid="opening-preview-text">
        {text}
      </Text>
    </Group>
  );
};
