import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { proxyProtocols, type TConnection, type TProxyTestResult } from '@prosa/contracts';
import { IconAlertCircle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { type ClipboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getFieldError, translateErrorCode, wasErrorShown } from '../../../app/http/errors';
import { notifySuccess } from '../../../app/notify';
import { useSaveProxy, useTestProxy } from '../api/proxy-api';
import {
  initialProxyValues,
  keepsStoredPassword,
  parseProxyAddress,
  proxyFieldOf,
  type TProxyFormValues,
  toProxyBody,
  validateProxyForm,
} from './proxy-form';

type TProxyFormModalProps = {
  opened: boolean;
  /** The connection whose proxy is set (kept while the modal closes, so its title does not blink). */
  connection: TConnection | null;
  onClose: () => void;
};

/** What the last "Testar" or "Salvar" said, shown inside the form (it belongs to the values typed). */
type TOutcome = { ok: boolean; text: string };

const testOutcome = (result: TProxyTestResult, okText: (ms: number) => string): TOutcome =>
  result.ok
    ? { ok: true, text: okText(result.latencyMs ?? 0) }
    : { ok: false, text: translateErrorCode(result.error ?? 'ERR_PROXY_TARGET') };

/**
 * "Configurar": the proxy one connection goes out through. The address comes in three fields (a pasted line
 * `http://user:pass@host:port` is split into them); "Testar" tries the typed values without storing them.
 */
export const ProxyFormModal = ({ opened, connection, onClose }: TProxyFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveProxy();
  const test = useTestProxy();
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const stored = connection?.proxy ?? null;
  const form = useForm<TProxyFormValues>({
    initialValues: initialProxyValues(null),
    validate: validateProxyForm,
    onValuesChange: () => setOutcome(null),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens on a connection
  useEffect(() => {
    if (!opened || !connection) return;
    const values = initialProxyValues(connection.proxy);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setOutcome(null);
    test.reset();
  }, [opened, connection]);

  /** A failed call: under the field the server named, else in the form (unless the HTTP layer already showed it). */
  const showFailure = (error: unknown) => {
    const fieldError = getFieldError(error);
    const field = proxyFieldOf(fieldError?.field);
    if (fieldError && field) form.setFieldError(field, fieldError.message);
    else if (!wasErrorShown(error)) setOutcome({ ok: false, text: describeApiError(error) });
  };

  const onTest = async () => {
    if (!connection || form.validate().hasErrors) return;
    setOutcome(null);
    try {
      const result = await test.mutateAsync({ id: connection.id, body: toProxyBody(form.getValues(), stored) });
      setOutcome(testOutcome(result, (ms) => t('proxy.form.testOk', { ms })));
    } catch (error) {
      showFailure(error);
    }
  };

  const onSubmit = form.onSubmit(async (values) => {
    if (!connection) return;
    setOutcome(null);
    try {
      await save.mutateAsync({ id: connection.id, body: toProxyBody(values, stored) });
      notifySuccess(t('proxy.saved'));
      onClose();
    } catch (error) {
      showFailure(error);
    }
  });

  // A whole proxy line pasted into the address fills every field it names.
  const onPasteAddress = (event: ClipboardEvent<HTMLInputElement>) => {
    const parsed = parseProxyAddress(event.clipboardData.getData('text'));
    if (!parsed) return;
    event.preventDefault();
    form.setValues(parsed);
    form.clearErrors();
  };

  const values = form.getValues();
  const passwordKept = keepsStoredPassword(values, stored);
  const hintKey = connection?.type === 'evolution' ? 'proxy.form.hints.evolution' : 'proxy.form.hints.baileys';
  return (
    <Modal opened={opened} onClose={onClose} title={t('proxy.form.title', { name: connection?.name ?? '' })} size="lg">
      <form onSubmit={onSubmit} noValidate data-testid="proxy-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {t(hintKey)}
          </Text>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Select
              label={t('proxy.form.protocol')}
              data={proxyProtocols.map((protocol) => ({ value: protocol, label: t(`proxy.protocols.${protocol}`) }))}
              allowDeselect={false}
              withAsterisk
              w={120}
              style={{ flexShrink: 0 }}
              data-testid="proxy-protocol"
              {...form.getInputProps('protocol')}
            />
            <TextInput
              label={t('proxy.form.host')}
              placeholder={t('proxy.form.hostPlaceholder')}
              withAsterisk
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
              flex={1}
              miw={0}
              data-autofocus
              data-testid="proxy-host"
              onPaste={onPasteAddress}
              {...form.getInputProps('host')}
            />
            <TextInput
              label={t('proxy.form.port')}
              placeholder="8080"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              w={104}
              style={{ flexShrink: 0 }}
              data-testid="proxy-port"
              {...form.getInputProps('port')}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('proxy.form.hostHint')}
          </Text>
          <TextInput
            label={t('proxy.form.username')}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            data-testid="proxy-username"
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('proxy.form.password')}
            placeholder={passwordKept ? t('proxy.form.passwordKept') : undefined}
            autoComplete="new-password"
            maxLength={200}
            data-testid="proxy-password"
            {...form.getInputProps('password')}
          />
          {outcome && (
            <Alert
              variant="light"
              color={outcome.ok ? 'positive' : 'negative'}
              icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
              role={outcome.ok ? 'status' : 'alert'}
              data-testid="proxy-result"
              data-ok={outcome.ok}
            >
              {outcome.text}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlugConnected size={16} />}
              loading={test.isPending}
              disabled={save.isPending}
              onClick={() => void onTest()}
              data-testid="proxy-test"
            >
              {t('proxy.form.test')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('proxy.form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={test.isPending} data-testid="proxy-save">
                {t('proxy.form.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
