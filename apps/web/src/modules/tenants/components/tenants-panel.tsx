import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type TTenant, type TTenantStatus, tenantStatuses } from '@prosa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, LoadMore } from '../../../ui/data-states';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
import { useDeleteTenant, useTenantList } from '../api/tenants-api';
import { TenantFormModal } from './tenant-form-modal';
import { TenantsTable } from './tenants-table';

export const TenantsPanel = () => {
  const { t } = useTranslation();
  const [searchParam, setSearchParam] = useState('');
  const [status, setStatus] = useState<TTenantStatus | null>(null);
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<TTenant | null>(null);
  const [deleting, setDeleting] = useState<TTenant | null>(null);
  const list = useTenantList({ searchParam, status });
  const remove = useDeleteTenant();
  const tenants = useMemo(() => list.data?.pages.flatMap((page) => page.tenants) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const filtering = Boolean(searchParam || status);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('tenants.deleted'));
      setDeleting(null);
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          onSearch={setSearchParam}
          placeholder={t('tenants.searchPlaceholder')}
          data-testid="tenants-search"
        />
        <Select
          placeholder={t('tenants.allStatuses')}
          aria-label={t('tenants.status')}
          data={tenantStatuses.map((value) => ({ value, label: t(`tenants.statuses.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as TTenantStatus | null)}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        {list.isSuccess && (
          <Text size="sm" c="dimmed">
            {t('tenants.count', { count })}
          </Text>
        )}
        <Button
          ml="auto"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setEditing(null);
            form.open();
          }}
          data-testid="tenant-create"
        >
          {t('tenants.add')}
        </Button>
      </Group>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TenantsTable
            tenants={tenants}
            loading={list.isLoading}
            onEdit={(tenant) => {
              setEditing(tenant);
              form.open();
            }}
            onDelete={setDeleting}
          />
          {list.isSuccess && tenants.length === 0 && (
            <EmptyList title={t(filtering ? 'tenants.emptyFiltered' : 'tenants.empty')} />
          )}
          <LoadMore
            hasMore={Boolean(list.hasNextPage)}
            loading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </>
      )}
      <TenantFormModal opened={formOpened} tenant={editing} onClose={form.close} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('tenants.deleteTitle')}
        message={t('tenants.deleteMessage', { name: deleting?.name ?? '' })}
        confirmText={deleting?.name}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
};
