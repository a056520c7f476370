import { Button, Group, NumberInput, Paper, PasswordInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZUpdatePlatformSettings } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { type TPlatformSettingsUpdate, usePlatformSettings, useSavePlatformSettings } from '../api/tenants-api';

type TPlatformFormValues = {
  allowSignup: boolean;
  signupTrialDays: number | string;
  masterKeyEnabled: boolean;
  masterKey: string;
};

const toBody = (values: TPlatformFormValues): TPlatformSettingsUpdate => ({
  allowSignup: values.allowSignup,
  signupTrialDays: values.signupTrialDays === '' ? undefined : Number(values.signupTrialDays),
  masterKeyEnabled: values.masterKeyEnabled,
  ...(values.masterKey ? { masterKey: values.masterKey } : {}),
});

export const PlatformSettingsForm = () => {
  const { t } = useTranslation();
  const settings = usePlatformSettings();
  const save = useSavePlatformSettings();
  const form = useForm<TPlatformFormValues>({
    initialValues: { allowSignup: false, signupTrialDays: 7, masterKeyEnabled: false, masterKey: '' },
    validate: zodResolver<TPlatformFormValues>(ZUpdatePlatformSettings, toBody),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the form whenever the server's settings change
  useEffect(() => {
    if (!settings.data) return;
    const values = { ...settings.data, masterKey: '' };
    form.setValues(values);
    form.resetDirty(values);
  }, [settings.data]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toBody(values));
      form.setFieldValue('masterKey', '');
      notifySuccess(t('platform.saved'));
    } catch (error) {
      showApiError(error, form);
    }
  });

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} fz="h4" mb="xs">
        {t('platform.settingsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('platform.settingsText')}
      </Text>
      {settings.isLoading ? (
        <Stack>
          <Skeleton h={24} w="60%" />
          <Skeleton h={36} w={200} />
          <Skeleton h={24} w="60%" />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md" maw={560}>
            <Switch
              label={t('platform.allowSignup')}
              description={t('platform.allowSignupHint')}
              data-testid="platform-allow-signup"
              {...form.getInputProps('allowSignup', { type: 'checkbox' })}
            />
            <NumberInput
              label={t('platform.signupTrialDays')}
              min={1}
              max={90}
              allowDecimal={false}
              w={200}
              {...form.getInputProps('signupTrialDays')}
            />
            <Switch
              label={t('platform.masterKeyEnabled')}
              description={t('platform.masterKeyEnabledHint')}
              data-testid="platform-masterkey-enabled"
              {...form.getInputProps('masterKeyEnabled', { type: 'checkbox' })}
            />
            <PasswordInput
              label={t('platform.masterKey')}
              description={t('platform.masterKeyHint')}
              autoComplete="new-password"
              data-testid="platform-masterkey"
              {...form.getInputProps('masterKey')}
            />
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="platform-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
};
