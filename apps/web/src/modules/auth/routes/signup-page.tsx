import { Alert, Anchor, Button, Checkbox, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZSignupBody } from '@prosa/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loading } from '../../../app/loading/loading-store';
import { pathFor } from '../../../app/router/route-registry';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { signup, usePublicSettings } from '../api/auth-api';
import { useCompleteLogin } from '../components/use-complete-login';

/** `/signup`: the form when the platform takes new companies, else a clear message and the way back. */
export const SignupPage = () => {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  if (settings.isPending) return <Loader mx="auto" data-testid="signup-loading" />;
  if (settings.data?.allowSignup) return <SignupForm />;
  return (
    <Stack gap="md" data-testid="signup-disabled">
      <Title order={1} fz="h2">
        {t('screens.signup')}
      </Title>
      <Alert variant="light" color="warning" icon={<IconInfoCircle size={18} />}>
        {t('auth.signup.disabled')}
      </Alert>
      <Anchor component={Link} to={pathFor('login')} size="sm" ta="center">
        {t('auth.signup.backToLogin')}
      </Anchor>
    </Stack>
  );
};

const SignupForm = () => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { tenantName: '', name: '', email: '', password: '', acceptTerms: false },
    validate: zodResolver(ZSignupBody),
  });

  const submit = form.onSubmit(async ({ acceptTerms: _accepted, ...values }) => {
    setSubmitting(true);
    loading.show();
    try {
      await completeLogin(await signup(values));
    } catch (error) {
      showApiError(error, form);
    } finally {
      loading.hide();
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('screens.signup')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.signup.subtitle')}
          </Text>
        </div>
        <TextInput
          data-autofocus
          autoFocus
          label={t('fields.companyName')}
          data-testid="signup-tenant"
          {...form.getInputProps('tenantName')}
        />
        <TextInput
          label={t('fields.yourName')}
          autoComplete="name"
          data-testid="signup-name"
          {...form.getInputProps('name')}
        />
        <TextInput
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          data-testid="signup-email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          data-testid="signup-password"
          {...form.getInputProps('password')}
        />
        <Checkbox
          label={t('auth.signup.acceptTerms')}
          data-testid="signup-terms"
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth size="md" loading={submitting} data-testid="signup-submit">
          {t('auth.signup.submit')}
        </Button>
        <Anchor component={Link} to={pathFor('login')} size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
};
