import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useChatFlows } from '../../chat-flows/api/chat-flows-api';
import { useQueues } from '../../queues/api/queues-api';
import { type TConnectionInput, type TNewConnectionType, useSaveConnection } from '../api/connections-api';
import {
  credentialFieldOf,
  credentialFields,
  credentialsToSend,
  hasCredentials,
  initialCredentials,
  missingCredentials,
  type TCredentials,
} from './connection-credentials';

type TProps = {
  opened: boolean;
  connection: TConnection | null;
  /** The kind of a new connection (an edit keeps its own). */
  type: TNewConnectionType;
  onClose: () => void;
};

const empty: TConnectionInput = {
  name: '',
  queueId: null,
  greetingMessage: null,
  farewellMessage: null,
  isDefault: false,
  sendEvaluation: true,
  chatFlowId: null,
};

/**
 * Create or edit a connection: the site chat, or a channel with its provider's settings (a Cloud API number's
 * Meta credentials, a gateway's address and key, a bot's token...), as `connection-credentials` lists them.
 */
export const ConnectionFormModal = ({ opened, connection, type: newType, onClose }: TProps) => {
  const { t } = useTranslation();
  const queues = useQueues(opened);
  const chatFlows = useChatFlows(opened);
  const save = useSaveConnection();
  const type = connection?.type ?? newType;
  const editing = connection !== null;
  const [values, setValues] = useState<TConnectionInput>(empty);
  const [credentials, setCredentials] = useState<TCredentials>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const [credentialErrors, setCredentialErrors] = useState<Record<string, string | undefined>>({});
  // WhatsApp by QR code (Baileys): calls can be refused on their own, with a message to the caller.
  const [calls, setCalls] = useState({ rejectCalls: false, rejectCallsMessage: '' });
  useEffect(() => {
    if (!opened) return;
    setNameError(null);
    setCredentialErrors({});
    setCredentials(initialCredentials(connection?.type ?? newType, connection?.settings));
    setCalls({
      rejectCalls: connection?.settings?.rejectCalls === true,
      rejectCallsMessage:
        typeof connection?.settings?.rejectCallsMessage === 'string' ? connection.settings.rejectCallsMessage : '',
    });
    setValues(
      connection
        ? {
            name: connection.name,
            queueId: connection.queueId,
            greetingMessage: connection.greetingMessage,
            farewellMessage: connection.farewellMessage,
            isDefault: connection.isDefault,
            sendEvaluation: connection.sendEvaluation,
            chatFlowId: connection.chatFlowId ?? null,
          }
        : empty,
    );
  }, [opened, connection, newType]);

  const submit = () => {
    if (!values.name.trim()) return setNameError(t('validation.required'));
    const missing = missingCredentials(type, credentials, editing);
    if (missing.length > 0) {
      setCredentialErrors(Object.fromEntries(missing.map((field) => [field, t('validation.required')])));
      return;
    }
    save.mutate(
      {
        id: connection?.id ?? null,
        type: newType,
        input: {
          ...values,
          name: values.name.trim(),
          greetingMessage: values.greetingMessage?.trim() || null,
          farewellMessage: values.farewellMessage?.trim() || null,
          ...(hasCredentials(type) ? { config: credentialsToSend(type, credentials, editing) } : {}),
          ...(type === 'baileys'
            ? {
                config: { rejectCalls: calls.rejectCalls, rejectCallsMessage: calls.rejectCallsMessage.trim() || null },
              }
            : {}),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('connections.saved'));
          onClose();
        },
        onError: (error) => {
          // `config.apiKey` and friends go under their field; anything else is a warning.
          const field = credentialFieldOf(type, getFieldError(error)?.field);
          if (field) setCredentialErrors({ [field]: t(`connections.${type}.invalid.${field}`) });
          else notifyError(describeApiError(error));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(connection ? 'connections.editTitle' : `connections.createTitles.${newType}`)}
      size="lg"
    >
      <Stack>
        {(hasCredentials(type) || type === 'baileys') && !connection && (
          <Alert variant="light" color="primary">
            {t(`connections.${type}.intro`)}
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
        {hasCredentials(type) &&
          credentialFields[type].map((field) => {
            const { name, secret } = field;
            if ('options' in field)
              return (
                <Select
                  key={name}
                  label={t(`connections.${type}.${name}`)}
                  data={field.options.map((option) => ({
                    value: option,
                    label: t(`connections.${type}.channels.${option}`, { defaultValue: option }),
                  }))}
                  value={credentials[name] || null}
                  error={credentialErrors[name]}
                  withAsterisk
                  allowDeselect={false}
                  onChange={(value) => {
                    setCredentials({ ...credentials, [name]: value ?? '' });
                    setCredentialErrors({ ...credentialErrors, [name]: undefined });
                  }}
                  data-testid={`connection-${type}-${name}`}
                />
              );
            const Input = secret ? PasswordInput : TextInput;
            return (
              <Input
                key={name}
                label={t(`connections.${type}.${name}`)}
                placeholder={t(`connections.${type}.placeholders.${name}`, { defaultValue: '' }) || undefined}
                description={connection && secret ? t(`connections.${type}.keep`) : undefined}
                value={credentials[name] ?? ''}
                error={credentialErrors[name]}
                withAsterisk={!(connection && secret)}
                autoComplete="off"
                onChange={(e) => {
                  setCredentials({ ...credentials, [name]: e.currentTarget.value });
                  setCredentialErrors({ ...credentialErrors, [name]: undefined });
                }}
                data-testid={`connection-${type}-${name}`}
              />
            );
          })}
        {type === 'baileys' && (
          <>
            <Checkbox
              label={t('connections.baileys.rejectCalls')}
              description={t('connections.baileys.rejectCallsHint')}
              checked={calls.rejectCalls}
              onChange={(e) => setCalls({ ...calls, rejectCalls: e.currentTarget.checked })}
              data-testid="connection-baileys-rejectCalls"
            />
            {calls.rejectCalls && (
              <Textarea
                label={t('connections.baileys.rejectCallsMessage')}
                placeholder={t('connections.baileys.rejectCallsPlaceholder')}
                autosize
                minRows={2}
                maxLength={1000}
                value={calls.rejectCallsMessage}
                onChange={(e) => setCalls({ ...calls, rejectCallsMessage: e.currentTarget.value })}
                data-testid="connection-baileys-rejectCallsMessage"
              />
            )}
          </>
        )}
        <Select
          label={t('connections.queue')}
          placeholder={t('connections.noQueue')}
          clearable
          data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
          value={values.queueId === null ? null : String(values.queueId)}
          onChange={(value) => setValues({ ...values, queueId: value ? Number(value) : null })}
          data-testid="connection-queue"
        />
        <Select
          label={t('chatFlows.connectionField')}
          description={t('chatFlows.connectionFieldHint')}
          placeholder={t('chatFlows.connectionFieldDefault')}
          clearable
          data={(Array.isArray(chatFlows.data) ? chatFlows.data : []).map((flow) => ({
            value: String(flow.id),
            label: flow.isActive
              ? flow.name
              : t('chatFlows.inactiveOption', { name: flow.name, interpolation: { escapeValue: false } }),
          }))}
          value={values.chatFlowId == null ? null : String(values.chatFlowId)}
          onChange={(value) => setValues({ ...values, chatFlowId: value ? Number(value) : null })}
          data-testid="connection-chat-flow"
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
        <Switch
          label={t('connections.sendEvaluation')}
          description={t('connections.sendEvaluationHint')}
          checked={values.sendEvaluation}
          onChange={(e) => setValues({ ...values, sendEvaluation: e.currentTarget.checked })}
          data-testid="connection-send-evaluation"
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
