import { Badge, Button, Stack, Text } from '@mantine/core';
import type { TFarewellMessage } from '@prosa/contracts';
import { IconMessageCheck, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { FilteredListTable, RowActions, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { useDeleteFarewellMessage, useFarewellMessages } from '../api/farewell-messages-api';
import { FarewellMessageFormModal } from '../components/farewell-message-form-modal';

const preview = (text: string, size = 60) => (text.length > size ? `${text.slice(0, size - 1)}…` : text);

/** `/fechamento`: the agent's own farewell texts plus the shared ones of the tenant. */
export const FarewellMessagesPage = () => {
  const { t } = useTranslation();
  const list = useFarewellMessages();
  const remove = useDeleteFarewellMessage();
  // Same rule as the server: shared texts speak for the whole tenant, so only admins and supers keep them.
  const canShare = useCan('farewell.share');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TFarewellMessage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TFarewellMessage | null>(null);

  const shown = useMemo(() => {
    const wanted = search.toLowerCase();
    return (list.data ?? []).filter((item) => !wanted || item.message.toLowerCase().includes(wanted));
  }, [list.data, search]);

  const open = (item: TFarewellMessage | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const columns: TListColumn<TFarewellMessage>[] = [
    {
      key: 'message',
      label: t('farewellMessages.message'),
      render: (item) => (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {item.message}
        </Text>
      ),
    },
    {
      key: 'owner',
      label: t('farewellMessages.owner'),
      width: 160,
      render: (item) => (
        <Badge variant="light" color={item.shared ? 'primary' : 'gray'}>
          {t(item.shared ? 'farewellMessages.shared' : 'farewellMessages.mine')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      width: 96,
      render: (item) =>
        (!item.shared || canShare) && (
          <RowActions
            editLabel={t('farewellMessages.edit')}
            deleteLabel={t('farewellMessages.delete')}
            onEdit={() => open(item)}
            onDelete={() => setDeleting(item)}
            testIdPrefix="farewell"
          />
        ),
    },
  ];

  return (
    <Stack>
      <PageHeader
        title={t('farewellMessages.title')}
        icon={IconMessageCheck}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="farewell-add">
            {t('farewellMessages.add')}
          </Button>
        }
      />
      <SearchInput onSearch={setSearch} placeholder={t('farewellMessages.search')} data-testid="farewell-search" />
      <FilteredListTable
        query={list}
        total={list.data?.length}
        empty={{ title: t('farewellMessages.empty'), description: t('farewellMessages.emptyHint') }}
        noMatch={t('farewellMessages.noMatch')}
        columns={columns}
        rows={shown}
        minWidth={560}
        name="farewell"
      />
      <FarewellMessageFormModal
        opened={formOpen}
        item={editing}
        canShare={canShare}
        onClose={() => setFormOpen(false)}
      />
      <DeleteItemModal
        item={deleting}
        title={t('farewellMessages.deleteTitle')}
        message={t('farewellMessages.deleteMessage', {
          text: preview(deleting?.message ?? ''),
          interpolation: { escapeValue: false },
        })}
        remove={remove}
        onDeleted={() => notifySuccess(t('farewellMessages.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
