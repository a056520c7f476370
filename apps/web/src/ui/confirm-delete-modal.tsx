import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TConfirmDeleteModalProps = {
  opened: boolean;
  title: string;
  message: string;
  /** When set, the user must type this text (e.g. the tenant's name) before deleting. */
  confirmText?: string;
  /** The confirm button's text, for a destructive action that is not a deletion (default "Excluir"). */
  confirmLabel?: string;
  loading?: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

export const ConfirmDeleteModal = ({
  opened,
  title,
  message,
  confirmText,
  confirmLabel,
  loading,
  onClose,
  onConfirm,
}: TConfirmDeleteModalProps) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (opened) setTyped('');
  }, [opened]);
  const blocked = Boolean(confirmText) && typed.trim() !== confirmText;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        data-testid="confirm-delete-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked) onConfirm();
        }}
      >
        <Stack>
          <Text>{message}</Text>
          {confirmText && (
            <TextInput
              data-autofocus
              label={t('common.typeToConfirm', { text: confirmText })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-testid="confirm-delete-input"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus={confirmText ? undefined : true}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="negative" loading={loading} disabled={blocked} data-testid="confirm-delete">
              {confirmLabel ?? t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
