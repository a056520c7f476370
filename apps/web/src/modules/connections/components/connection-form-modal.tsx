import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TConnection, TWabaConfig } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useQueues } from '../../queues/api/queues-api';
import { type TConnectionInput, type TNewConnectionType, useSaveConnection } from '../api/connections-api';

type TProps = {
  opened: boolean;
  connection: TConnection | null;
  /** The kind of a new connection (an edit keeps its own). */
  type: TNewConnectionType;
  onClose: () => void;
};

type TWabaField = keyof TWabaConfig;
const wabaFields: TWabaField[] = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret'];
const secretFields = new Set<TWabaField>(['accessToken', 'appSecret']);
const emptyWaba: Record<TWabaField, string> = { phoneNumberId: '', wabaId: '', accessToken: '', appSecret: '' };

const empty: TConnectionInput = {
  name: '',
  queueId: null,
  greetingMessage: null,
  farewellMessage: null,
  isDefault: false,
};

/** Create or edit a connection: the site chat, or a WhatsApp Cloud API number with its Meta credentials. */
export const ConnectionFormModal = ({ opened, connection, type: newType, onClose }: TProps) => {
  const { t } = useTranslation();
  const queues = useQueues(opened);
  const save = useSaveConnection();
  const type = connection?.type ?? newType;
  const [values, setValues] = useState<TConnectionInput>(empty);
  const [waba, setWaba] = useState<Record<TWabaField, string>>(emptyWaba);
  const [nameError, setNameError] = useState<string | null>(null);
  const [wabaErrors, setWabaErrors] = useState<Partial<Record<TWabaField, string>>>({});
  useEffect(() => {
    if (!opened) return;
    setNameError(null);
    setWabaErrors({});
    setWaba({
      ...emptyWaba,
      phoneNumberId: String(connection?.settings?.phoneNumberId ?? ''),
      wabaId: String(connection?.settings?.wabaId ?? ''),
    });
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

  /** The Cloud API settings to send: on an edit, untouched secrets are left out (the server keeps them). */
  const wabaConfig = (): Partial<TWabaConfig> | undefined => {
    if (type !== 'waba') return undefined;
    const entries = wabaFields
      .map((field) => [field, waba[field].trim()] as const)
      .filter(([field, value]) => value !== '' || !connection || !secretFields.has(field));
    return Object.fromEntries(entries);
  };

  const submit = () => {
    if (!values.name.trim()) return setNameError(t('validation.required'));
    if (type === 'waba') {
      const missing = wabaFields.filter((field) => !waba[field].trim() && !(connection && secretFields.has(field)));
      if (missing.length > 0) {
        setWabaErrors(Object.fromEntries(missing.map((field) => [field, t('validation.required')])));
        return;
      }
    }
    save.mutate(
      {
        id: connection?.id ?? null,
        type: type === 'waba' ? 'waba' : 'webchat',
        input: {
          ...values,
          name: values.name.trim(),
          greetingMessage: values.greetingMessage?.trim() || null,
          farewellMessage: values.farewellMessage?.trim() || null,
          ...(type === 'waba' ? { config: wabaConfig() } : {}),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('connections.saved'));
          onClose();
        },
        onError: (error) => {
          // `config.appSecret` and friends go under their field; anything else is a warning.
          const field = getFieldError(error)?.field?.replace(/^config\./, '') as TWabaField | undefined;
          if (field && wabaFields.includes(field)) setWabaErrors({ [field]: t(`connections.waba.invalid.${field}`) });
          else notifyError(describeApiError(error));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(
        connection
          ? 'connections.editTitle'
          : type === 'waba'
            ? 'connections.createWabaTitle'
            : 'connections.createTitle',
      )}
      size="lg"
    >
      <Stack>
        {type === 'waba' && !connection && (
          <Alert variant="light" color="primary">
            {t('connections.waba.intro')}
          </Alert>
        )}
        <TextInput
          label={t('connections.name')}
          value={values.name}
          error={nameError}
          maxLength={80}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          data-testid="connection-name"
          data-autofocus
        />
        {type === 'waba' &&
          wabaFields.map((field) => {
            const Input = secretFields.has(field) ? PasswordInput : TextInput;
            return (
              <Input
                key={field}
                label={t(`connections.waba.${field}`)}
                description={connection && secretFields.has(field) ? t('connections.waba.keep') : undefined}
                value={waba[field]}
                error={wabaErrors[field]}
                withAsterisk={!(connection && secretFields.has(field))}
                autoComplete="off"
                onChange={(e) => {
                  setWaba({ ...waba, [field]: e.currentTarget.value });
                  setWabaErrors({ ...wabaErrors, [field]: undefined });
                }}
                data-testid={`connection-waba-${field}`}
              />
            );
          })}
        <Select
          label={t('connections.queue')}
          placeholder={t('connections.noQueue')}
          clearable
          data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
          value={values.queueId === null ? null : String(values.queueId)}
          onChange={(value) => setValues({ ...values, queueId: value ? Number(value) : null })}
          data-testid="connection-queue"
        />
        {type === 'webchat' && (
          <Textarea
            label={t('connections.greeting')}
            autosize
            minRows={2}
            maxLength={4096}
            value={values.greetingMessage ?? ''}
            onChange={(e) => setValues({ ...values, greetingMessage: e.currentTarget.value })}
            data-testid="connection-greeting"
          />
        )}
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
