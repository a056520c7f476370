import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnections } from '../../connections/api/connections-api';
import { useQueues } from '../../queues/api/queues-api';
import type { TDashboardFilters } from '../api/dashboard-api';
import { periodPresets, type TPeriodPreset } from './period';

type TDashboardFiltersProps = {
  preset: TPeriodPreset;
  value: TDashboardFilters;
  /** A quick preset's days are the page's to count (on the tenant's calendar); `custom` starts from `value`'s. */
  onChange: (preset: TPeriodPreset, filters: TDashboardFilters) => void;
  /** What the page shows after the filters, on the same line (the dashboard's switches). */
  children?: ReactNode;
};

const toIds = (values: string[]) => values.map(Number);

/** Period (quick choices or two days), queues and connections; empty lists mean all. */
export const DashboardFiltersBar = ({ preset, value, onChange, children }: TDashboardFiltersProps) => {
  const { t } = useTranslation();
  const queues = useQueues();
  const connections = useConnections();
  const choose = (next: string) => onChange(next as TPeriodPreset, value);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" data-testid="dashboard-filters">
      <SegmentedControl
        aria-label={t('dashboard.filters.period')}
        value={preset}
        onChange={choose}
        data={periodPresets.map((p) => ({ value: p, label: t(`dashboard.filters.${p}`) }))}
        data-testid="dashboard-period"
      />
      {preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('dashboard.filters.from')}
            value={value.from}
            max={value.to || undefined}
            onChange={(event) =>
              event.currentTarget.value && onChange(preset, { ...value, from: event.currentTarget.value })
            }
            w={160}
            data-testid="dashboard-from"
          />
          <TextInput
            type="date"
            label={t('dashboard.filters.to')}
            value={value.to}
            min={value.from || undefined}
            onChange={(event) =>
              event.currentTarget.value && onChange(preset, { ...value, to: event.currentTarget.value })
            }
            w={160}
            data-testid="dashboard-to"
          />
        </>
      )}
      <MultiSelect
        label={t('dashboard.filters.queues')}
        placeholder={value.queueIds.length ? undefined : t('dashboard.filters.all')}
        data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
        value={value.queueIds.map(String)}
        onChange={(ids) => onChange(preset, { ...value, queueIds: toIds(ids) })}
        clearable
        searchable
        miw={200}
        maw={360}
        data-testid="dashboard-queues"
      />
      <MultiSelect
        label={t('dashboard.filters.connections')}
        placeholder={value.connectionIds.length ? undefined : t('dashboard.filters.all')}
        data={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={value.connectionIds.map(String)}
        onChange={(ids) => onChange(preset, { ...value, connectionIds: toIds(ids) })}
        clearable
        searchable
        miw={200}
        maw={360}
        data-testid="dashboard-connections"
      />
      {children}
    </Group>
  );
};
