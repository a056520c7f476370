import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import type { TPlatformConnection } from '@prosa/contracts';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { TableSkeletonRows } from '../../../ui/data-states';
import { formatDateTime, formatRelativeTime } from '../../attendance/components/format-time';
import { displayNumber, statusColor, typeIcons } from './connection-card';

const columnCount = 7;

/** Re-render every minute so "há 5 min" stays true while the screen is open. */
const useNow = (): number => {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 60_000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once; the interval object is recreated each render
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  return now;
};

const ChannelCell = ({ type }: { type: string }) => {
  const { t } = useTranslation();
  const TypeIcon = typeIcons[type] ?? IconPlugConnected;
  return (
    <Group gap={6} wrap="nowrap">
      <TypeIcon size={18} aria-hidden />
      <Text size="sm">{t(`connections.types.${type}`, { defaultValue: type })}</Text>
    </Group>
  );
};

const ConnectionRow = ({ connection, now }: { connection: TPlatformConnection; now: number }) => {
  const { t } = useTranslation();
  const none = (
    <Text size="sm" c="dimmed">
      {t('connections.platform.noValue')}
    </Text>
  );
  return (
    <Table.Tr data-testid="platform-connection-row">
      <Table.Td>
        <Text size="sm" fw={500}>
          {connection.tenantName}
        </Text>
      </Table.Td>
      <Table.Td miw={150}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{connection.name}</Text>
          {connection.isDefault && (
            <Badge size="xs" variant="light">
              {t('connections.default')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <ChannelCell type={connection.type} />
      </Table.Td>
      <Table.Td>
        {connection.number ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {displayNumber(connection.number)}
          </Text>
        ) : (
          none
        )}
      </Table.Td>
      <Table.Td>
        {/* Never an ellipsis: "Aguardando QR" is the point of the column. */}
        <Badge
          color={statusColor(connection.status)}
          variant="light"
          styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
          data-testid="platform-connection-status"
        >
          {t(`connections.statuses.${connection.status}`, { defaultValue: connection.status })}
        </Badge>
      </Table.Td>
      <Table.Td maw={280}>
        {connection.lastError ? (
          <Text size="sm" c="negative" lineClamp={2} data-testid="platform-connection-error">
            {translateErrorCode(connection.lastError)}
          </Text>
        ) : (
          none
        )}
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatDateTime(connection.updatedAt)}>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatRelativeTime(connection.updatedAt, now)}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
};

/** Every tenant's connections, one row each (`/sessoestenants`). */
export const PlatformConnectionsTable = ({
  connections,
  loading,
}: {
  connections: TPlatformConnection[];
  loading: boolean;
}) => {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="platform-connections-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('connections.platform.columns.tenant')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.connection')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.channel')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.number')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.status')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.lastError')}</Table.Th>
            <Table.Th>{t('connections.platform.columns.updatedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {connections.map((connection) => (
            <ConnectionRow key={`${connection.tenantId}:${connection.id}`} connection={connection} now={now} />
          ))}
          {loading && <TableSkeletonRows columns={columnCount} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
