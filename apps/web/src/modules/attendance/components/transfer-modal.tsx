import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../../queues/api/queues-api';
import { useTransferUsers } from '../api/lookups-api';

export type TTransferChoice = { queueId: number; userId: number | null };

type TTransferModalProps = {
  opened: boolean;
  ticket: TTicket;
  loading: boolean;
  onClose: () => void;
  onConfirm: (choice: TTransferChoice) => void;
};

/** Transfer to a queue and, optionally, to one agent of that queue. */
export const TransferModal = ({ opened, ticket, loading, onClose, onConfirm }: TTransferModalProps) => {
  const { t } = useTranslation();
  const queues = useQueues(opened);
  const users = useTransferUsers(opened);
  const [queueId, setQueueId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setQueueId(ticket.queueId ? String(ticket.queueId) : null);
    setUserId(null);
    setError(null);
  }, [opened, ticket.queueId]);

  const queueOptions = useMemo(
    () => (queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue })),
    [queues.data],
  );
  const userOptions = useMemo(() => {
    const all = users.data ?? [];
    const inQueue = queueId ? all.filter((user) => user.queues.some((queue) => String(queue.id) === queueId)) : all;
    return inQueue.map((user) => ({ value: String(user.id), label: user.name }));
  }, [users.data, queueId]);

  const confirm = () => {
    if (!queueId) {
      setError(t('validation.required'));
      return;
    }
    onConfirm({ queueId: Number(queueId), userId: userId ? Number(userId) : null });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('attendance.transfer.title')}>
      <Stack>
        <Select
          label={t('attendance.transfer.queue')}
          placeholder={t('attendance.transfer.queuePlaceholder')}
          data={queueOptions}
          value={queueId}
          onChange={(value) => {
            setQueueId(value);
            setUserId(null);
            setError(null);
          }}
          error={error}
          withAsterisk
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          data-testid="transfer-queue"
        />
        <Select
          label={t('attendance.transfer.user')}
          placeholder={t('attendance.transfer.userPlaceholder')}
          description={t('attendance.transfer.userHint')}
          data={userOptions}
          value={userId}
          onChange={setUserId}
          clearable
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          disabled={users.isError}
          data-testid="transfer-user"
        />
        {users.isError && (
          <Text size="xs" c="dimmed">
            {t('attendance.transfer.usersUnavailable')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={loading} data-testid="transfer-confirm">
            {t('attendance.transfer.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
