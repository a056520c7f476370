import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZNewPassword } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify';
import { pathFor } from '../../../app/router/route-registry';
import { type TSafeParseSchema, zodResolver } from '../../../ui/zod-form';
import { resetPassword } from '../api/auth-api';

type TResetValues = { password: string; confirm: string };

/** New password plus confirmation; the confirmation must match (checked after the contract's password rule). */
const resetSchema: TSafeParseSchema = {
  safeParse: (value) => {
    const { password, confirm } = value as TResetValues;
    const parsed = ZNewPassword.safeParse(password);
    if (!parsed.success) {
      return {
        success: false,
        error: { issues: parsed.error.issues.map((issue) => ({ ...issue, path: ['password'] })) },
      };
    }
    if (password !== confirm) {
      return {
        success: false,
        error: { issues: [{ code: 'custom', path: ['confirm'], message: 'passwords differ' }] },
      };
    }
    return { success: true, data: value };
  },
};

export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<TResetValues>({
    initialValues: { password: '', confirm: '' },
    validate: zodResolver(resetSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await resetPassword(token, values.password);
      notifySuccess(t('auth.reset.success'));
      navigate(pathFor('login'), { replace: true });
    } catch {
      notifyError(t('auth.reset.failure'));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('screens.reset')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.reset.subtitle')}
          </Text>
        </div>
        <PasswordInput
          data-autofocus
          autoFocus
          label={t('auth.reset.newPassword')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          data-testid="reset-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('auth.reset.confirm')}
          autoComplete="new-password"
          data-testid="reset-confirm"
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth size="md" loading={submitting} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
        <Anchor component={Link} to={pathFor('login')} size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
};
