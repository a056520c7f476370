import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { connectionTypes, type TConnectionStatus, type TConnectionType } from '@prosa/contracts';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState, LoadMore } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { TenantSelect } from '../../users/components/tenant-select';
import { usePlatformConnections } from '../api/platform-connections-api';
import { PlatformConnectionsTable } from '../components/platform-connections-table';
import { StatusCountChips } from '../components/status-count-chips';

/** `/sessoestenants` (superadmin): every tenant's connections, their status live, filtered and searched. */
export const PlatformConnectionsPage = () => {
  const { t } = useTranslation();
  const [searchParam, setSearchParam] = useState('');
  const [status, setStatus] = useState<TConnectionStatus | null>(null);
  const [type, setType] = useState<TConnectionType | null>(null);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const filters = { searchParam, status, type, tenantId: tenantId ? Number(tenantId) : null };
  const list = usePlatformConnections(filters);
  const connections = useMemo(() => list.data?.pages.flatMap((page) => page.connections) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const filtering = Boolean(searchParam || status || type || tenantId);
  const channelOptions = connectionTypes.map((value) => ({ value, label: t(`connections.types.${value}`) }));

  return (
    <>
      <PageHeader title={t('connections.platform.title')} icon={IconPlugConnected} />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('connections.platform.hint')}
        </Text>
        <StatusCountChips counts={first?.statusCounts} value={status} onChange={setStatus} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group mb="md" gap="sm" align="center" wrap="wrap">
            <SearchInput
              onSearch={setSearchParam}
              placeholder={t('connections.platform.searchPlaceholder')}
              data-testid="platform-connections-search"
            />
            <TenantSelect
              value={tenantId}
              onChange={setTenantId}
              placeholder={t('connections.platform.allTenants')}
              clearable
            />
            <Select
              placeholder={t('connections.platform.allChannels')}
              aria-label={t('connections.platform.channel')}
              data={channelOptions}
              value={type}
              onChange={(value) => setType(value as TConnectionType | null)}
              clearable
              w={{ base: '100%', sm: 220 }}
              data-testid="platform-connections-type"
            />
            {first && (
              <Text size="sm" c="dimmed" ml="auto" data-testid="platform-connections-count">
                {t('connections.platform.count', { count: first.count })}
              </Text>
            )}
          </Group>
          {list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <>
              <PlatformConnectionsTable connections={connections} loading={list.isLoading} />
              {list.isSuccess && connections.length === 0 && (
                <EmptyList
                  title={t(filtering ? 'connections.platform.emptyFiltered' : 'connections.platform.empty')}
                  description={filtering ? undefined : t('connections.platform.emptyHint')}
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
      </Stack>
    </>
  );
};
