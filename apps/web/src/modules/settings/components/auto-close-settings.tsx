import { Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { autoCloseMinutes, type TSettingKey, type TTenantSettings } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const variables = '{{name}}, {{greeting}}, {{protocol}}, {{email}}, {{phoneNumber}}, {{user}}, {{queue}}';

type TAutoCloseSettingsProps = {
  settings: TTenantSettings;
  canEdit: boolean;
  onSave: (key: TSettingKey, value: string) => void;
};

/** `autoClose` (how long a ticket may stay quiet) and `autoCloseMessage`, on /configuracoes/geral. */
export const AutoCloseSettings = ({ settings, canEdit, onSave }: TAutoCloseSettingsProps) => {
  const { t } = useTranslation();
  const [message, setMessage] = useState(settings.autoCloseMessage);
  useEffect(() => setMessage(settings.autoCloseMessage), [settings.autoCloseMessage]);
  const isOn = settings.autoClose !== '0';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="auto-close-settings">
      <Title order={2} fz="h4" mb={4}>
        {t('autoClose.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('autoClose.hint')}
      </Text>
      <Stack gap="md">
        <Select
          label={t('autoClose.after')}
          data={autoCloseMinutes.map((value) => ({ value, label: t(`autoClose.options.${value}`) }))}
          value={settings.autoClose}
          onChange={(value) => value && onSave('autoClose', value)}
          allowDeselect={false}
          disabled={!canEdit}
          w={220}
          data-testid="setting-autoClose"
        />
        <Textarea
          label={t('autoClose.message')}
          description={t('autoClose.messageHint', { vars: variables, interpolation: { escapeValue: false } })}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          disabled={!canEdit || !isOn}
          data-testid="setting-autoCloseMessage"
        />
        {canEdit && isOn && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              disabled={message.trim() === settings.autoCloseMessage}
              onClick={() => onSave('autoCloseMessage', message.trim())}
              data-testid="save-autoCloseMessage"
            >
              {t('autoClose.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
