import { Code, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState, LoadMore, TableSkeletonRows } from '../../../ui/data-states';
import { useAuditLog } from '../api/tenants-api';
import { formatDate } from './format';

const summarize = (details: Record<string, unknown>): string => {
  const text = JSON.stringify(details);
  return text === '{}' ? '' : text;
};

export const AuditLogTable = () => {
  const { t } = useTranslation();
  const audit = useAuditLog();
  const entries = useMemo(() => audit.data?.pages.flatMap((page) => page.entries) ?? [], [audit.data]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} fz="h4" mb="md">
        {t('platform.auditTitle')}
      </Title>
      {audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('platform.audit.when')}</Table.Th>
                  <Table.Th>{t('platform.audit.action')}</Table.Th>
                  <Table.Th>{t('platform.audit.actor')}</Table.Th>
                  <Table.Th>{t('platform.audit.tenant')}</Table.Th>
                  <Table.Th>{t('platform.audit.target')}</Table.Th>
                  <Table.Th>{t('platform.audit.ip')}</Table.Th>
                  <Table.Th>{t('platform.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => {
                  const details = summarize(entry.details);
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Text size="sm">{formatDate(entry.createdAt, true)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{entry.action}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.actorEmail ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.tenantId ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.targetUserId ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.ip ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td maw={280}>
                        {details && (
                          <Tooltip label={details} multiline maw={420}>
                            <Text size="xs" ff="monospace" truncate>
                              {details}
                            </Text>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {audit.isLoading && <TableSkeletonRows columns={7} />}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {audit.isSuccess && entries.length === 0 && <EmptyList title={t('platform.auditEmpty')} />}
          <LoadMore
            hasMore={Boolean(audit.hasNextPage)}
            loading={audit.isFetchingNextPage}
            onLoad={() => void audit.fetchNextPage()}
          />
        </>
      )}
    </Paper>
  );
};
