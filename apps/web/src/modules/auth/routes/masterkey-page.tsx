import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZMasterKeyLogin } from '@prosa/contracts';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loading } from '../../../app/loading/loading-store';
import { pathFor } from '../../../app/router/route-registry';
import { zodResolver } from '../../../ui/zod-form';
import { loginWithMasterKey } from '../api/auth-api';
import { showLoginError } from '../components/login-errors';
import { useCompleteLogin } from '../components/use-complete-login';

/** Enter as a given user with the platform's master key (when the superadmin enabled it). */
export const MasterKeyPage = () => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ initialValues: { email: '', masterKey: '' }, validate: zodResolver(ZMasterKeyLogin) });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    loading.show();
    try {
      await completeLogin(await loginWithMasterKey(values.email, values.masterKey));
    } catch (error) {
      showLoginError(error);
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
            {t('screens.masterkey')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.masterkey.subtitle')}
          </Text>
        </div>
        <TextInput
          data-autofocus
          autoFocus
          type="email"
          label={t('auth.masterkey.userEmail')}
          leftSection={<IconMail size={16} />}
          data-testid="masterkey-email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.masterkey.key')}
          autoComplete="off"
          leftSection={<IconKey size={16} />}
          data-testid="masterkey-key"
          {...form.getInputProps('masterKey')}
        />
        <Button type="submit" fullWidth size="md" loading={submitting} data-testid="masterkey-submit">
          {t('auth.masterkey.submit')}
        </Button>
        <Anchor component={Link} to={pathFor('login')} size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
};
