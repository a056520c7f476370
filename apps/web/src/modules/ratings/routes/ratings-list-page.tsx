import { Anchor, Badge, Paper, Text } from '@mantine/core';
import { PAGE_SIZE, type TRatingStatus, type TTicketEvaluation } from '@prosa/contracts';
import { IconStar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { PagedListTable, pageCount, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { useOpenTicket } from '../../attendance/api/use-open-ticket';
import { intlLocale } from '../../attendance/components/format-time';
import { type TRatingFilters, useRatingConfig, useRatingList } from '../api/ratings-api';
import { emptyRatingFilters, RatingFiltersBar } from '../components/rating-filters';
import { RatingSummary, scoreColor } from '../components/rating-summary';

const formatDateTime = (iso: string): string =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(Date.parse(iso));

const statusColor: Record<TRatingStatus, string> = {
  pending: 'blue',
  rated: 'positive',
  dropped: 'gray',
  expired: 'gray',
};

/** `/avaliacoes/listar`: the ratings customers gave, filtered, with their average and distribution. */
export const RatingsListPage = () => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TRatingFilters>(emptyRatingFilters);
  const [page, setPage] = useState(1);
  const list = useRatingList(filters, page);
  const config = useRatingConfig();
  const openTicket = useOpenTicket();
  const labels = useMemo(
    () => new Map((config.data?.scale ?? []).map((item) => [item.value, item.label] as const)),
    [config.data],
  );
  const rows = list.data?.evaluations ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count, PAGE_SIZE);
  const isFiltered = Object.values(filters).some(Boolean);
  const changeFilters = (next: TRatingFilters) => {
    setFilters(next);
    setPage(1);
  };

  const columns: TListColumn<TTicketEvaluation>[] = [
    {
      key: 'date',
      label: t('ratings.columns.date'),
      render: (row) => <Text size="sm">{formatDateTime(row.answeredAt ?? row.createdAt)}</Text>,
    },
    {
      key: 'contact',
      label: t('ratings.columns.contact'),
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          onClick={() => void openTicket(row.ticketId)}
          aria-label={t('ratings.open', { name: row.contactName ?? '' })}
        >
          {row.contactName ?? '—'}
        </Anchor>
      ),
    },
    {
      key: 'protocol',
      label: t('ratings.columns.protocol'),
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.protocol ?? '—'}
        </Text>
      ),
    },
    {
      key: 'agent',
      label: t('ratings.columns.agent'),
      render: (row) => (
        <Text size="sm" c={row.username ? undefined : 'dimmed'}>
          {row.username ?? t('ratings.noAgent')}
        </Text>
      ),
    },
    {
      key: 'queue',
      label: t('ratings.columns.queue'),
      render: (row) => (
        <Text size="sm" c={row.queue ? undefined : 'dimmed'}>
          {row.queue ?? t('ratings.noQueue')}
        </Text>
      ),
    },
    {
      key: 'score',
      label: t('ratings.columns.score'),
      render: (row) =>
        row.score === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Badge color={scoreColor(row.score)} variant="light" data-testid="ratings-score-badge">
            {row.score} · {labels.get(row.score) ?? ''}
          </Badge>
        ),
    },
    {
      key: 'status',
      label: t('ratings.columns.status'),
      render: (row) => (
        <Badge color={statusColor[row.status]} variant="dot">
          {t(`ratings.status.${row.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screens.avaliacoes-listar')} icon={IconStar} />
      <RatingFiltersBar value={filters} onChange={changeFilters} labels={labels} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <RatingSummary summary={list.data?.summary} labels={labels} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {list.isSuccess && (
              <Text size="sm" c="dimmed" mb="xs" data-testid="ratings-count">
                {t('ratings.count', { count })}
              </Text>
            )}
            <PagedListTable
              query={list}
              isFiltered={isFiltered}
              paging={{ page, pages, onChange: setPage }}
              columns={columns}
              rows={rows}
              minWidth={820}
              name="ratings"
            />
          </Paper>
        </>
      )}
    </>
  );
};
