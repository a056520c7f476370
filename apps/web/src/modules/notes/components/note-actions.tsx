import { ActionIcon, Button, Group, Menu, Modal, Stack, Textarea } from '@mantine/core';
import { canShowAll, type TTicketNote } from '@prosa/contracts';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../app/session/session-store';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { showApiError } from '../../../ui/server-errors';
import { useDeleteNote, useUpdateNote } from '../api/notes-api';

/** A note's menu: its author edits it; its author or a manager (admin, super) removes it. Others see no menu. */
export const NoteActions = ({ note }: { note: TTicketNote }) => {
  const { t } = useTranslation();
  const { userId, profile } = useSessionStore();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const isAuthor = note.userId !== null && note.userId === userId;
  const mayDelete = isAuthor || (profile !== null && canShowAll(profile));
  if (!isAuthor && !mayDelete) return null;

  const save = () => {
    const notes = editing?.trim();
    if (!notes) return;
    update.mutate(
      { id: note.id, notes },
      { onSuccess: () => setEditing(null), onError: (error) => showApiError(error) },
    );
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="dark"
            size="sm"
            aria-label={t('notes.actions')}
            data-testid="note-actions"
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isAuthor && (
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(note.notes)}>
              {t('notes.edit')}
            </Menu.Item>
          )}
          <Menu.Item color="negative" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
            {t('notes.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('notes.editTitle')}>
        <Stack>
          <Textarea
            data-autofocus
            value={editing ?? ''}
            onChange={(event) => setEditing(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={8000}
            data-testid="note-edit-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={save} loading={update.isPending} disabled={!editing?.trim()} data-testid="note-edit-save">
              {t('notes.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDeleteModal
        opened={deleting}
        title={t('notes.deleteTitle')}
        message={t('notes.deleteMessage')}
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(note, { onSuccess: () => setDeleting(false), onError: (error) => showApiError(error) })
        }
      />
    </>
  );
};
