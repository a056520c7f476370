import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import type { TTicketStatus } from '@prosa/contracts';
import { IconFileCertificate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState, LoadMore, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { useOpenTicket } from '../../attendance/api/use-open-ticket';
import { intlLocale } from '../../attendance/components/format-time';
import { TicketStatusBadge } from '../../attendance/components/ticket-status-badge';
import { useProtocolList } from '../api/protocols-api';

const formatDateTime = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(Date.parse(iso)) : '—';

const statuses = new Set<string>(['open', 'pending', 'closed']);

/** `/protocolos`: every ticket's protocol the user may see; a row opens its conversation. */
export const ProtocolsPage = () => {
  const { t } = useTranslation();
  const [searchParam, setSearchParam] = useState('');
  const list = useProtocolList(searchParam);
  const openTicket = useOpenTicket();
  const protocols = useMemo(() => list.data?.pages.flatMap((page) => page.protocols) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;

  return (
    <>
      <PageHeader title={t('screens.protocolos')} icon={IconFileCertificate} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            onSearch={setSearchParam}
            placeholder={t('protocols.searchPlaceholder')}
            data-testid="protocols-search"
          />
          {list.isSuccess && (
            <Text size="sm" c="dimmed" ml="auto">
              {t('protocols.count', { count })}
            </Text>
          )}
        </Group>
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="protocols-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('protocols.columns.protocol')}</Table.Th>
                    <Table.Th>{t('protocols.columns.contact')}</Table.Th>
                    <Table.Th>{t('protocols.columns.agent')}</Table.Th>
                    <Table.Th>{t('protocols.columns.status')}</Table.Th>
                    <Table.Th>{t('protocols.columns.createdAt')}</Table.Th>
                    <Table.Th>{t('protocols.columns.closedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isLoading && <TableSkeletonRows columns={6} />}
                  {protocols.map((row) => (
                    <Table.Tr
                      key={row.ticketId}
                      data-testid="protocols-row"
                      style={{ cursor: 'pointer' }}
                      onClick={() => void openTicket(row.ticketId)}
                    >
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          ff="monospace"
                          size="sm"
                          aria-label={t('protocols.open', { protocol: row.protocol })}
                        >
                          {row.protocol}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.contactName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={row.userName ? undefined : 'dimmed'}>
                          {row.userName ?? t('protocols.noAgent')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {statuses.has(row.status) ? (
                          <TicketStatusBadge status={row.status as TTicketStatus} />
                        ) : (
                          <Text size="sm">{row.status}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(row.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(row.closedAt)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.isSuccess && protocols.length === 0 && (
              <EmptyList
                title={t(searchParam ? 'protocols.emptyFiltered' : 'protocols.empty')}
                description={searchParam ? undefined : t('protocols.emptyHint')}
              />
            )}
            <LoadMore
              hasMore={Boolean(list.hasNextPage)}
              loading={list.isFetchingNextPage}
              onLoad={() => void list.fetchNextPage()}
            />
          </>
        )}
      </Paper>
    </>
  );
};
