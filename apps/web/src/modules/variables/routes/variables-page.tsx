import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import type { TTenantVariable } from '@prosa/contracts';
import { IconBraces, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { FilteredListTable, pageCount, pageOf, RowActions, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
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

  const open = (item: TTenantVariable | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const columns: TListColumn<TTenantVariable>[] = [
    { key: 'name', label: t('variables.name'), width: 220, render: (item) => <Code>{`{{${item.name}}}`}</Code> },
    {
      key: 'value',
      label: t('variables.value'),
      render: (item) => (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {item.value}
        </Text>
      ),
    },
    {
      key: 'actions',
      width: 96,
      render: (item) =>
        canEdit && (
          <RowActions
            editLabel={t('variables.edit', { name: item.name })}
            deleteLabel={t('variables.delete', { name: item.name })}
            onEdit={() => open(item)}
            onDelete={() => setDeleting(item)}
            testIdPrefix="variable"
          />
        ),
    },
  ];

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
      <FilteredListTable
        query={list}
        total={list.data?.length}
        empty={{ title: t('variables.empty'), description: t('variables.emptyHint') }}
        noMatch={t('variables.noMatch')}
        paging={{ page, pages: pageCount(shown.length, PAGE), onChange: setPage }}
        columns={columns}
        rows={pageOf(shown, page, PAGE)}
        minWidth={520}
        name="variable"
      />
      <VariableFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <DeleteItemModal
        item={deleting}
        title={t('variables.deleteTitle')}
        message={t('variables.deleteMessage', { name: deleting?.name ?? '', interpolation: { escapeValue: false } })}
        remove={remove}
        onDeleted={() => notifySuccess(t('variables.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
