import { Anchor, Badge, Center, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { PAGE_SIZE, type TRatingStatus } from '@prosa/contracts';
import { IconStar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
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
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const isFiltered = Object.values(filters).some(Boolean);
  const changeFilters = (next: TRatingFilters) => {
    setFilters(next);
    setPage(1);
  };

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
            <Table.ScrollContainer minWidth={820}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="ratings-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ratings.columns.date')}</Table.Th>
                    <Table.Th>{t('ratings.columns.contact')}</Table.Th>
                    <Table.Th>{t('ratings.columns.protocol')}</Table.Th>
                    <Table.Th>{t('ratings.columns.agent')}</Table.Th>
                    <Table.Th>{t('ratings.columns.queue')}</Table.Th>
                    <Table.Th>{t('ratings.columns.score')}</Table.Th>
                    <Table.Th>{t('ratings.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isLoading && <TableSkeletonRows columns={7} />}
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="ratings-row">
                      <Table.Td>
                        <Text size="sm">{formatDateTime(row.answeredAt ?? row.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {row.protocol ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={row.username ? undefined : 'dimmed'}>
                          {row.username ?? t('ratings.noAgent')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={row.queue ? undefined : 'dimmed'}>
                          {row.queue ?? t('ratings.noQueue')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {row.score === null ? (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          <Badge color={scoreColor(row.score)} variant="light" data-testid="ratings-score-badge">
                            {row.score} · {labels.get(row.score) ?? ''}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[row.status]} variant="dot">
                          {t(`ratings.status.${row.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.isSuccess && rows.length === 0 && (
              <EmptyList
                title={t(isFiltered ? 'ratings.emptyFiltered' : 'ratings.empty')}
                description={isFiltered ? undefined : t('ratings.emptyHint')}
              />
            )}
            {pages > 1 && (
              <Group justify="center" mt="md">
                <Center>
                  <Pagination total={pages} value={page} onChange={setPage} data-testid="ratings-pagination" />
                </Center>
              </Group>
            )}
          </Paper>
        </>
      )}
    </>
  );
};
