import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useQueues } from '../../queues/api/queues-api';
import { type TConnectionInput, useSaveConnection } from '../api/connections-api';

type TProps = { opened: boolean; connection: TConnection | null; onClose: () => void };

const empty: TConnectionInput = {
  name: '',
  queueId: null,
  greetingMessage: null,
  farewellMessage: null,
  isDefault: false,
};

/** Create or edit a web chat connection. */
export const ConnectionFormModal = ({ opened, connection, onClose }: TProps) => {
  const { t } = useTranslation();
  const queues = useQueues(opened);
  const save = useSaveConnection();
  const [values, setValues] = useState<TConnectionInput>(empty);
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setNameError(null);
    setValues(
      connection
        ? {
            name: connection.name,
            queueId: connection.queueId,
            greetingMessage: connection.greetingMessage,
            farewellMessage: connection.farewellMessage,
            isDefault: connection.isDefault,
          }
        : empty,
    );
  }, [opened, connection]);

  const submit = () => {
    if (!values.name.trim()) return setNameError(t('validation.required'));
    save.mutate(
      {
        id: connection?.id ?? null,
        input: {
          ...values,
          name: values.name.trim(),
          greetingMessage: values.greetingMessage?.trim() || null,
          farewellMessage: values.farewellMessage?.trim() || null,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('connections.saved'));
          onClose();
        },
        onError: (error) => notifyError(describeApiError(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(connection ? 'connections.editTitle' : 'connections.createTitle')}
      size="lg"
    >
      <Stack>
        <TextInput
          label={t('connections.name')}
          value={values.name}
          error={nameError}
          maxLength={80}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          data-testid="connection-name"
          data-autofocus
        />
        <Select
          label={t('connections.queue')}
          placeholder={t('connections.noQueue')}
          clearable
          data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
          value={values.queueId === null ? null : String(values.queueId)}
          onChange={(value) => setValues({ ...values, queueId: value ? Number(value) : null })}
          data-testid="connection-queue"
        />
        <Textarea
          label={t('connections.greeting')}
          autosize
          minRows={2}
          maxLength={4096}
          value={values.greetingMessage ?? ''}
          onChange={(e) => setValues({ ...values, greetingMessage: e.currentTarget.value })}
          data-testid="connection-greeting"
        />
        <Textarea
          label={t('connections.farewell')}
          autosize
          minRows={2}
          maxLength={4096}
          value={values.farewellMessage ?? ''}
          onChange={(e) => setValues({ ...values, farewellMessage: e.currentTarget.value })}
        />
        <Checkbox
          label={t('connections.isDefault')}
          checked={values.isDefault}
          onChange={(e) => setValues({ ...values, isDefault: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('connections.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="connection-save">
            {t('connections.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
