import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TAutoReply } from '@prosa/contracts';
import { IconListDetails, IconPencil, IconPlus, IconRobot, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useAutoReplies, useDeleteAutoReply } from '../api/auto-replies-api';
import { AutoReplyFormModal } from '../components/auto-reply-form-modal';
import { AutoReplyStepsModal } from '../components/auto-reply-steps-modal';

/** `/auto-resposta`: the tenant's keyword auto-replies (domain 2.12), their steps and the words' actions. */
export const AutoRepliesPage = () => {
  const { t } = useTranslation();
  const list = useAutoReplies();
  const remove = useDeleteAutoReply();
  // Same rule as the server: admins keep the auto-replies, the others only read them.
  const canManage = useCan('autoReplies.manage');
  const [editing, setEditing] = useState<TAutoReply | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TAutoReply | null>(null);
  // By id, so the steps dialog shows the list's latest copy after each change.
  const [stepsOf, setStepsOf] = useState<number | null>(null);
  const stepsItem = list.data?.find((r) => r.id === stepsOf) ?? null;

  const open = (item: TAutoReply | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  return (
    <Stack>
      <PageHeader
        title={t('autoReplies.title')}
        icon={IconRobot}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="auto-reply-add">
              {t('autoReplies.add')}
            </Button>
          )
        }
      />
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <EmptyList title={t('autoReplies.empty')} description={t('autoReplies.emptyHint')} />}
      {(list.isPending || (list.data?.length ?? 0) > 0) && (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="auto-reply-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('autoReplies.name')}</Table.Th>
                <Table.Th w={120}>{t('autoReplies.status')}</Table.Th>
                <Table.Th w={120}>{t('autoReplies.steps')}</Table.Th>
                <Table.Th w={130} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <TableSkeletonRows columns={4} />}
              {list.data?.map((item) => (
                <Table.Tr key={item.id} data-testid="auto-reply-row">
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    {item.celularTeste && (
                      <Text size="xs" c="dimmed">
                        {t('autoReplies.testNumber')}: {item.celularTeste}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={item.isActive ? 'positive' : 'gray'}>
                      {t(item.isActive ? 'autoReplies.active' : 'autoReplies.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{t('autoReplies.stepsCount', { count: item.stepsReply.length })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('autoReplies.editSteps')}
                        onClick={() => setStepsOf(item.id)}
                        data-testid="auto-reply-steps-open"
                      >
                        <IconListDetails size={16} />
                      </ActionIcon>
                      {canManage && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('autoReplies.edit')}
                            onClick={() => open(item)}
                            data-testid="auto-reply-edit"
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="negative"
                            aria-label={t('autoReplies.delete')}
                            onClick={() => setDeleting(item)}
                            data-testid="auto-reply-delete"
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AutoReplyFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <AutoReplyStepsModal item={stepsItem} readOnly={!canManage} onClose={() => setStepsOf(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('autoReplies.deleteTitle')}
        message={t('autoReplies.deleteMessage', { name: deleting?.name ?? '', interpolation: { escapeValue: false } })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('autoReplies.deleted'));
              setDeleting(null);
            },
            onError: (error) => showApiError(error),
          })
        }
      />
    </Stack>
  );
};
