import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTransferUsers } from '../../attendance/api/lookups-api';
import { useQueues } from '../../queues/api/queues-api';
import type { TRatingFilters } from '../api/ratings-api';

export const emptyRatingFilters: TRatingFilters = {
  dateStart: '',
  dateEnd: '',
  userId: null,
  queueId: null,
  score: null,
};

type TRatingFiltersProps = {
  value: TRatingFilters;
  onChange: (filters: TRatingFilters) => void;
  labels: Map<number, string>;
};

/** Period (days in the tenant's zone), agent, queue and score; every change goes back to page 1. */
export const RatingFiltersBar = ({ value, onChange, labels }: TRatingFiltersProps) => {
  const { t } = useTranslation();
  const users = useTransferUsers(true);
  const queues = useQueues();
  const set = (patch: Partial<TRatingFilters>) => onChange({ ...value, ...patch });
  const isFiltered = Object.values(value).some(Boolean);
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap" data-testid="ratings-filters">
      <TextInput
        type="date"
        label={t('ratings.filters.dateStart')}
        value={value.dateStart}
        max={value.dateEnd || undefined}
        onChange={(event) => set({ dateStart: event.currentTarget.value })}
        data-testid="ratings-date-start"
      />
      <TextInput
        type="date"
        label={t('ratings.filters.dateEnd')}
        value={value.dateEnd}
        min={value.dateStart || undefined}
        onChange={(event) => set({ dateEnd: event.currentTarget.value })}
        data-testid="ratings-date-end"
      />
      <Select
        label={t('ratings.filters.agent')}
        placeholder={t('ratings.filters.any')}
        data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        value={value.userId}
        onChange={(userId) => set({ userId })}
        clearable
        searchable
        data-testid="ratings-agent"
      />
      <Select
        label={t('ratings.filters.queue')}
        placeholder={t('ratings.filters.any')}
        data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
        value={value.queueId}
        onChange={(queueId) => set({ queueId })}
        clearable
        data-testid="ratings-queue"
      />
      <Select
        label={t('ratings.filters.score')}
        placeholder={t('ratings.filters.anyScore')}
        data={[0, 1, 2, 3, 4, 5].map((score) => ({
          value: String(score),
          label: `${score} · ${labels.get(score) ?? ''}`,
        }))}
        value={value.score}
        onChange={(score) => set({ score })}
        clearable
        w={170}
        data-testid="ratings-score"
      />
      {isFiltered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange(emptyRatingFilters)}>
          {t('ratings.filters.clear')}
        </Button>
      )}
    </Group>
  );
};
