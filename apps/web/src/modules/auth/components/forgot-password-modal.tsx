import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZPasswordResetRequest } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { zodResolver } from '../../../ui/zod-form';
import { requestPasswordReset } from '../api/auth-api';

export const ForgotPasswordModal = ({
  opened,
  onClose,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  email: string;
}) => {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const form = useForm({ initialValues: { email }, validate: zodResolver(ZPasswordResetRequest) });

  // Start from the e-mail typed on the login form each time the modal opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (opened) form.setValues({ email });
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      await requestPasswordReset(values.email);
      notifySuccess(t('auth.reset.requestSuccess'));
      onClose();
    } catch {
      notifyError(t('auth.reset.requestFailure'));
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.forgot.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('auth.forgot.text')}
          </Text>
          <TextInput
            data-autofocus
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            data-testid="forgot-email"
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={sending} data-testid="forgot-submit">
              {t('auth.forgot.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
