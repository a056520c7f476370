import { Badge, Button, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { GROUP_TOOL_LOGS_PAGE_SIZE, type TGroupToolLog, type TGroupToolLogKind } from '@prosa/contracts';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { formatDateTime } from '../../attendance/components/format-time';
import { type TGroupScope, useGroupToolLogs } from '../api/group-tools-api';

/** What the entry says happened, and how it ended (the catalogue's text of why not; the message's state). */
const LogRow = ({ log }: { log: TGroupToolLog }) => {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="group-log-row">
      <Table.Td>{formatDateTime(log.createdAt)}</Table.Td>
      <Table.Td>{t(`groupTools.logs.actions.${log.action}`, { word: log.detail ?? '' })}</Table.Td>
      <Table.Td>{log.members.join(', ')}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Badge variant="light" color={log.ok ? 'positive' : 'negative'}>
            {t(log.ok ? 'groupTools.logs.ok' : 'groupTools.logs.failed')}
          </Badge>
          {log.error && <Text size="xs">{translateErrorCode(log.error)}</Text>}
          {log.delivery && log.ok && (
            <Text size="xs" c="dimmed">
              {t(`groupTools.logs.delivery.${log.delivery}`)}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
};

const LogTable = ({ kind, scope }: { kind: TGroupToolLogKind; scope: TGroupScope }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useGroupToolLogs(kind, scope, page);
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.data && logs.data.count === 0)
    return <EmptyList title={t('groupTools.logs.empty')} description={t('groupTools.logs.emptyHint')} />;
  const pages = Math.max(1, Math.ceil((logs.data?.count ?? 0) / GROUP_TOOL_LOGS_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="group-log-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>{t('groupTools.logs.when')}</Table.Th>
              <Table.Th>{t('groupTools.logs.what')}</Table.Th>
              <Table.Th>{t('groupTools.logs.who')}</Table.Th>
              <Table.Th w={170}>{t('groupTools.logs.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logs.data ? (
              logs.data.logs.map((log) => <LogRow key={log.id} log={log} />)
            ) : (
              <TableSkeletonRows columns={4} />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="group-log-pages" />
        </Group>
      )}
    </Stack>
  );
};

/** "Registro": a drawer with what the list's tool did in this group, newest first, page by page. */
export const GroupLogButton = ({
  kind,
  scope,
  groupName,
}: {
  kind: TGroupToolLogKind;
  scope: TGroupScope;
  groupName: string;
}) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconHistory size={16} />}
        onClick={() => setOpened(true)}
        data-testid={`${kind}-logs`}
      >
        {t('groupTools.logs.button')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="xl"
        title={t('groupTools.logs.title', { group: groupName })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('groupTools.logs.hint')}
          </Text>
          {opened && <LogTable kind={kind} scope={scope} />}
        </Stack>
      </Drawer>
    </>
  );
};
