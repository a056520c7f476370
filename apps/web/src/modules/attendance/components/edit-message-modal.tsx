import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { TMessage } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TEditMessageModalProps = {
  message: TMessage | null;
  loading: boolean;
  onClose: () => void;
  onSave: (body: string) => void;
};

export const EditMessageModal = ({ message, loading, onClose, onSave }: TEditMessageModalProps) => {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  useEffect(() => {
    if (message) setBody(message.edition ?? message.body);
  }, [message]);
  const trimmed = body.trim();
  return (
    <Modal opened={message !== null} onClose={onClose} title={t('attendance.message.editTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) onSave(trimmed);
        }}
      >
        <Stack>
          <Textarea
            data-autofocus
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            aria-label={t('attendance.message.editTitle')}
            data-testid="edit-message-body"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={loading} disabled={!trimmed} data-testid="edit-message-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
