import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZSignupBody } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loading } from '../../../app/loading/loading-store';
import { pathFor } from '../../../app/router/route-registry';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { signup } from '../api/auth-api';
import { useCompleteLogin } from '../components/use-complete-login';

export const SignupPage = () => {
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
