import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browserZone, useCalendarZone } from '../../../app/tenant/time-zone';
import { periodPresets, presetPeriod } from '../api/report-search';

type TPeriodFilterProps = {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
  /** The day the presets count back from (the tests pass one). */
  now?: () => Date;
};

/**
 * Two day inputs (both days included) and the quick presets: today, 7 days, 30 days, this month, counted on
 * the tenant's calendar.
 */
export const PeriodFilter = ({ from, to, onChange, now = () => new Date() }: TPeriodFilterProps) => {
  const { t } = useTranslation();
  const zone = useCalendarZone() ?? browserZone();
  const active = periodPresets.find((preset) => {
    const period = presetPeriod(preset, now(), zone);
    return period.from === from && period.to === to;
  });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={t('reports.filters.period')}>
      <TextInput
        type="date"
        label={t('reports.filters.from')}
        value={from}
        max={to || undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value, to })}
        w={160}
        data-testid="report-filter-from"
      />
      <TextInput
        type="date"
        label={t('reports.filters.to')}
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ from, to: event.currentTarget.value })}
        w={160}
        data-testid="report-filter-to"
      />
      <Button.Group>
        {periodPresets.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={active === preset ? 'filled' : 'default'}
            aria-pressed={active === preset}
            onClick={() => onChange(presetPeriod(preset, now(), zone))}
            data-testid={`report-preset-${preset}`}
          >
            {t(`reports.filters.${preset}`)}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
};
