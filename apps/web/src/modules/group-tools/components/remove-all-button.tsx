import { Button } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { showApiError } from '../../../ui/server-errors';
import { type TGroupScope, type TGroupToolKind, useDeleteAllGroupTools } from '../api/group-tools-api';

/** "Remover todos": every entry of the list in this group, after a confirmation naming the group and the count. */
export const RemoveAllButton = ({
  kind,
  scope,
  groupName,
  count,
}: {
  kind: TGroupToolKind;
  scope: TGroupScope;
  groupName: string;
  count: number;
}) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const removeAll = useDeleteAllGroupTools(kind, scope);
  return (
    <>
      <Button
        variant="subtle"
        color="negative"
        leftSection={<IconTrashX size={16} />}
        disabled={count === 0}
        onClick={() => setConfirming(true)}
        data-testid={`${kind}-remove-all`}
      >
        {t('groupTools.removeAll.button')}
      </Button>
      <ConfirmDeleteModal
        opened={confirming}
        title={t('groupTools.removeAll.title', { group: groupName })}
        message={t('groupTools.removeAll.message', { count, group: groupName })}
        confirmLabel={t('groupTools.removeAll.button')}
        loading={removeAll.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          removeAll.mutate(undefined, {
            onSuccess: (removed) => {
              notifySuccess(t('groupTools.removeAll.done', { count: removed }));
              setConfirming(false);
            },
            onError: (failure) => showApiError(failure),
          })
        }
      />
    </>
  );
};
