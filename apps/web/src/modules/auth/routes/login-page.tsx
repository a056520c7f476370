import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loading } from '../../../app/loading/loading-store';
import { pathFor } from '../../../app/router/route-registry';
import { zodResolver } from '../../../ui/zod-form';
import { login, usePublicSettings } from '../api/auth-api';
import { showLoginError } from '../components/login-errors';
import { useCompleteLogin } from '../components/use-complete-login';

// The form's schema (and zod with it) is fetched at the first keystroke: the login screen loads less.
const loadLoginSchema = () => import('../login-schema').then((m) => m.ZLoginBody);
// The modal (and Mantine's Modal with it) is fetched only when asked for: the login screen loads less.
const loadForgotPasswordModal = () => import('../components/forgot-password-modal');
const ForgotPasswordModal = lazy(() => loadForgotPasswordModal().then((m) => ({ default: m.ForgotPasswordModal })));

export const LoginPage = () => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const settings = usePublicSettings();
  const [forgotOpened, forgot] = useDisclosure(false);
  // Mounted from the first opening on, so that later closings still animate.
  const [forgotMounted, setForgotMounted] = useState(false);
  const openForgot = () => {
    setForgotMounted(true);
    forgot.open();
  };
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    const errors = zodResolver(await loadLoginSchema())(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    loading.show();
    try {
      await completeLogin(await login(values.email, values.password));
    } catch (error) {
      showLoginError(error);
    } finally {
      loading.hide();
      setSubmitting(false);
    }
  });

  return (
    <>
      <form onSubmit={submit} onInput={() => void loadLoginSchema()} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <div>
            <Title order={1} fz="h2" id="login-title">
              {t('screens.login')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth.login.subtitle')}
            </Text>
          </div>
          <TextInput
            data-autofocus
            autoFocus
            type="email"
            label={t('fields.email')}
            autoComplete="username"
            leftSection={<IconMail size={16} />}
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            data-testid="login-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={openForgot}
              onPointerEnter={loadForgotPasswordModal}
              onFocus={loadForgotPasswordModal}
              data-testid="forgot-password"
            >
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={submitting} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          {(settings.data?.allowSignup || settings.data?.masterKeyEnabled) && (
            <Group justify="center" gap="lg">
              {settings.data.allowSignup && (
                <Anchor component={Link} to={pathFor('signup')} size="sm" data-testid="signup-link">
                  {t('auth.login.signup')}
                </Anchor>
              )}
              {settings.data.masterKeyEnabled && (
                <Anchor component={Link} to={pathFor('masterkey')} size="sm" data-testid="masterkey-link">
                  {t('auth.login.masterkey')}
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      </form>
      {forgotMounted && (
        <Suspense fallback={null}>
          <ForgotPasswordModal opened={forgotOpened} onClose={forgot.close} email={form.values.email} />
        </Suspense>
      )}
    </>
  );
};
