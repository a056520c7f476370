import { ActionIcon, Badge, Button, Stack, Text } from '@mantine/core';
import type { TAutoReply } from '@prosa/contracts';
import { IconListDetails, IconPlus, IconRobot } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { FilteredListTable, pageCount, pageOf, RowActions, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { useAutoReplies, useDeleteAutoReply } from '../api/auto-replies-api';
import { AutoReplyFormModal } from '../components/auto-reply-form-modal';
import { AutoReplyStepsModal } from '../components/auto-reply-steps-modal';

const PAGE = 20;

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
  const [page, setPage] = useState(1);
  const replies = list.data ?? [];
  // By id, so the steps dialog shows the list's latest copy after each change.
  const [stepsOf, setStepsOf] = useState<number | null>(null);
  const stepsItem = list.data?.find((r) => r.id === stepsOf) ?? null;

  const open = (item: TAutoReply | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const columns: TListColumn<TAutoReply>[] = [
    {
      key: 'name',
      label: t('autoReplies.name'),
      render: (item) => (
        <>
          <Text size="sm">{item.name}</Text>
          {item.celularTeste && (
            <Text size="xs" c="dimmed">
              {t('autoReplies.testNumber')}: {item.celularTeste}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      label: t('autoReplies.status'),
      width: 120,
      render: (item) => (
        <Badge variant="light" color={item.isActive ? 'positive' : 'gray'}>
          {t(item.isActive ? 'autoReplies.active' : 'autoReplies.inactive')}
        </Badge>
      ),
    },
    {
      key: 'steps',
      label: t('autoReplies.steps'),
      width: 120,
      render: (item) => t('autoReplies.stepsCount', { count: item.stepsReply.length }),
    },
    {
      key: 'actions',
      width: 130,
      render: (item) => (
        <RowActions
          editLabel={t('autoReplies.edit')}
          deleteLabel={t('autoReplies.delete')}
          onEdit={() => open(item)}
          onDelete={() => setDeleting(item)}
          testIdPrefix="auto-reply"
          canManage={canManage}
        >
          <ActionIcon
            variant="subtle"
            aria-label={t('autoReplies.editSteps')}
            onClick={() => setStepsOf(item.id)}
            data-testid="auto-reply-steps-open"
          >
            <IconListDetails size={16} />
          </ActionIcon>
        </RowActions>
      ),
    },
  ];

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
      <FilteredListTable
        query={list}
        total={list.data?.length}
        empty={{ title: t('autoReplies.empty'), description: t('autoReplies.emptyHint') }}
        noMatch=""
        paging={{ page, pages: pageCount(replies.length, PAGE), onChange: setPage }}
        columns={columns}
        rows={pageOf(replies, page, PAGE)}
        minWidth={560}
        name="auto-reply"
      />
      <AutoReplyFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <AutoReplyStepsModal item={stepsItem} readOnly={!canManage} onClose={() => setStepsOf(null)} />
      <DeleteItemModal
        item={deleting}
        title={t('autoReplies.deleteTitle')}
        message={t('autoReplies.deleteMessage', { name: deleting?.name ?? '', interpolation: { escapeValue: false } })}
        remove={remove}
        onDeleted={() => notifySuccess(t('autoReplies.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
