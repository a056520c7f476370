import { ActionIcon, Alert, Button, Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { TTenantVariable } from '@prosa/contracts';
import { IconBraces, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
import { useDeleteVariable, useVariables } from '../api/variables-api';
import { VariableFormModal } from '../components/variable-form-modal';

const PAGE = 20;

/** `/configuracoes/variaveis`: the tenant's own `{{variables}}`, usable in every text sent to a customer. */
export const VariablesPage = () => {
  const { t } = useTranslation();
  const list = useVariables();
  const remove = useDeleteVariable();
  const canEdit = useCan('catalog.manage');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TTenantVariable | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TTenantVariable | null>(null);

  const shown = useMemo(() => {
    const wanted = search.toLowerCase();
    return (list.data ?? []).filter(
      (item) => !wanted || item.name.toLowerCase().includes(wanted) || item.value.toLowerCase().includes(wanted),
    );
  }, [list.data, search]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = shown.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);

  const open = (item: TTenantVariable | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  return (
    <Stack>
      <PageHeader
        title={t('variables.title')}
        icon={IconBraces}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="variable-add">
              {t('variables.add')}
            </Button>
          )
        }
      />
      <Text size="sm" c="dimmed">
        {t('variables.intro')}
      </Text>
      {!canEdit && <Alert color="primary">{t('variables.readOnly')}</Alert>}
      <SearchInput
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        placeholder={t('variables.search')}
        data-testid="variable-search"
      />
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <EmptyList title={t('variables.empty')} description={t('variables.emptyHint')} />}
      {(list.isPending || current.length > 0) && (
        <Table.ScrollContainer minWidth={520}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="variable-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={220}>{t('variables.name')}</Table.Th>
                <Table.Th>{t('variables.value')}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <TableSkeletonRows columns={3} />}
              {current.map((item) => (
                <Table.Tr key={item.id} data-testid="variable-row">
                  <Table.Td>
                    <Code>{`{{${item.name}}}`}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                      {item.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('variables.edit', { name: item.name })}
                          onClick={() => open(item)}
                          data-testid="variable-edit"
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="negative"
                          aria-label={t('variables.delete', { name: item.name })}
                          onClick={() => setDeleting(item)}
                          data-testid="variable-delete"
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.length > 0 && shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('variables.noMatch')}
        </Text>
      )}
      {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} />}
      <VariableFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('variables.deleteTitle')}
        message={t('variables.deleteMessage', { name: deleting?.name ?? '', interpolation: { escapeValue: false } })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('variables.deleted'));
              setDeleting(null);
            },
            onError: (error) => showApiError(error),
          })
        }
      />
    </Stack>
  );
};
