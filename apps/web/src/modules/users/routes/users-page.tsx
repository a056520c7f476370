import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TProfile, TUser } from '@prosa/contracts';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, LoadMore } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
import { useTenantOptions } from '../../tenants/api/tenants-api';
import { type TUserScope, useDeleteUser, useUserList } from '../api/users-api';
import { TenantSelect } from '../components/tenant-select';
import { UserFormModal } from '../components/user-form-modal';
import { tenantProfiles } from '../components/user-form-values';
import { UsersTable } from '../components/users-table';

/** /usuarios (tenant admin) and /usuariotenants (superadmin, users of every tenant). */
export const UsersPage = ({ scope }: { scope: TUserScope }) => {
  const { t } = useTranslation();
  const [searchParam, setSearchParam] = useState('');
  const [profile, setProfile] = useState<TProfile | null>(null);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<TUser | null>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);

  const filters = { searchParam, profile, tenantId: tenantId ? Number(tenantId) : null };
  const list = useUserList(scope, filters);
  const remove = useDeleteUser(scope);
  const tenantOptions = useTenantOptions('', scope === 'platform');
  const users = useMemo(() => list.data?.pages.flatMap((page) => page.users) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const tenantNames = useMemo(
    () =>
      new Map(
        (scope === 'platform' ? (tenantOptions.data?.tenants ?? []) : []).map((tenant) => [tenant.id, tenant.name]),
      ),
    [scope, tenantOptions.data],
  );

  const openCreate = () => {
    setEditing(null);
    form.open();
  };
  const openEdit = (user: TUser) => {
    setEditing(user);
    form.open();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, tenantId: deleting.tenantId });
      notifySuccess(t('users.deleted'));
      setDeleting(null);
    } catch (error) {
      showApiError(error);
    }
  };

  const title = t(scope === 'tenant' ? 'screens.usuarios' : 'screens.usuariotenants');
  const filtering = Boolean(searchParam || profile || tenantId);

  return (
    <>
      <PageHeader
        title={title}
        icon={IconUsers}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={openCreate} data-testid="user-create">
            {t('users.add')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            onSearch={setSearchParam}
            placeholder={t('users.searchPlaceholder')}
            data-testid="users-search"
          />
          {scope === 'platform' && (
            <TenantSelect value={tenantId} onChange={setTenantId} placeholder={t('users.allTenants')} clearable />
          )}
          <Select
            placeholder={t('users.allProfiles')}
            aria-label={t('fields.profile')}
            data={(scope === 'platform' ? (['superadmin', ...tenantProfiles] as const) : tenantProfiles).map(
              (value) => ({
                value,
                label: t(`profiles.${value}`),
              }),
            )}
            value={profile}
            onChange={(value) => setProfile(value as TProfile | null)}
            clearable
            w={{ base: '100%', sm: 200 }}
            data-testid="users-profile-filter"
          />
          {list.isSuccess && (
            <Text size="sm" c="dimmed" ml="auto">
              {t('users.count', { count })}
            </Text>
          )}
        </Group>
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <UsersTable
              users={users}
              loading={list.isLoading}
              showTenant={scope === 'platform'}
              tenantNames={tenantNames}
              onEdit={openEdit}
              onDelete={setDeleting}
            />
            {list.isSuccess && users.length === 0 && (
              <EmptyList
                title={t(filtering ? 'users.emptyFiltered' : 'users.empty')}
                description={filtering ? undefined : t('users.emptyHint')}
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
      <UserFormModal
        opened={formOpened}
        scope={scope}
        user={editing}
        defaultTenantId={tenantId ? Number(tenantId) : null}
        onClose={form.close}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
};
