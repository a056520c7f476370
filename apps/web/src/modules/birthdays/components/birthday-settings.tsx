import { Button, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { BUILT_IN_VARIABLES, type TBirthdaySetting } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { useBirthdaySettings, useSaveBirthdaySettings } from '../api/birthdays-api';

/** The server's text when a connection's is left empty. */
const DEFAULT_TEXT = '{{greeting}}, {{name}}! Feliz aniversário! 🎉';
const variables = ['name', 'firstName', 'greeting', 'email', 'phoneNumber', 'protocol']
  .filter((name) => name === 'firstName' || (BUILT_IN_VARIABLES as readonly string[]).includes(name))
  .map((name) => `{{${name}}}`)
  .join(' ');

/** Admins: per connection, whether it sends birthday messages and their text. */
export const BirthdaySettings = () => {
  const { t } = useTranslation();
  const settings = useBirthdaySettings(true);
  const save = useSaveBirthdaySettings();
  const [draft, setDraft] = useState<TBirthdaySetting[]>([]);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  const set = (connectionId: number, patch: Partial<TBirthdaySetting>) =>
    setDraft((items) => items.map((item) => (item.connectionId === connectionId ? { ...item, ...patch } : item)));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="birthday-settings">
      <Title order={4}>{t('birthdays.settings')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('birthdays.settingsHint')}
      </Text>
      {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.isSuccess && draft.length === 0 && <Text size="sm">{t('birthdays.noConnections')}</Text>}
      <Stack>
        {draft.map((item) => (
          <Stack key={item.connectionId} gap="xs" data-testid="birthday-setting">
            <Switch
              label={`${item.connectionName} — ${t('birthdays.enabled')}`}
              checked={item.enabled}
              onChange={(event) => set(item.connectionId, { enabled: event.currentTarget.checked })}
              data-testid="birthday-enabled"
            />
            {item.enabled && (
              <Textarea
                label={t('birthdays.message')}
                description={t('birthdays.variables', { vars: variables, interpolation: { escapeValue: false } })}
                placeholder={DEFAULT_TEXT}
                rows={3}
                value={item.message}
                onChange={(event) => set(item.connectionId, { message: event.currentTarget.value })}
                data-testid="birthday-message"
              />
            )}
          </Stack>
        ))}
      </Stack>
      {draft.length > 0 && (
        <Group justify="flex-end" mt="md">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                draft.map(({ connectionId, enabled, message }) => ({ connectionId, enabled, message })),
                { onSuccess: () => notifySuccess(t('birthdays.saved')), onError: (error) => showApiError(error) },
              )
            }
            data-testid="birthday-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Paper>
  );
};
