import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TFarewellMessage } from '@prosa/contracts';
import { IconMessageCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
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
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <EmptyList title={t('farewellMessages.empty')} description={t('farewellMessages.emptyHint')} />
      )}
      {(list.isPending || shown.length > 0) && (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="farewell-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('farewellMessages.message')}</Table.Th>
                <Table.Th w={160}>{t('farewellMessages.owner')}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <TableSkeletonRows columns={3} />}
              {shown.map((item) => {
                const editable = !item.shared || canShare;
                return (
                  <Table.Tr key={item.id} data-testid="farewell-row">
                    <Table.Td>
                      <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                        {item.message}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={item.shared ? 'primary' : 'gray'}>
                        {t(item.shared ? 'farewellMessages.shared' : 'farewellMessages.mine')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {editable && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('farewellMessages.edit')}
                            onClick={() => open(item)}
                            data-testid="farewell-edit"
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="negative"
                            aria-label={t('farewellMessages.delete')}
                            onClick={() => setDeleting(item)}
                            data-testid="farewell-delete"
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.length > 0 && shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('farewellMessages.noMatch')}
        </Text>
      )}
      <FarewellMessageFormModal
        opened={formOpen}
        item={editing}
        canShare={canShare}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('farewellMessages.deleteTitle')}
        message={t('farewellMessages.deleteMessage', {
          text: preview(deleting?.message ?? ''),
          interpolation: { escapeValue: false },
        })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('farewellMessages.deleted'));
              setDeleting(null);
            },
            onError: (error) => showApiError(error),
          })
        }
      />
    </Stack>
  );
};
