import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { isToggleSetting, type TSettingKey } from '@prosa/contracts';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useSaveSetting, useSettingsRealtime, useTenantSettings } from '../api/settings-api';
import { AutoCloseSettings } from '../components/auto-close-settings';
import { TextSetting } from '../components/text-setting';

const groups: {
  key: 'visibility' | 'attendance' | 'channels' | 'integrations' | 'campaigns';
  settings: TSettingKey[];
}[] = [
  {
    key: 'visibility',
    settings: [
      'NotViewTicketsChatBot',
      'DirectTicketsToWallets',
      'NotViewAssignedTickets',
      'showClosedForAll',
      'showGroupsForAll',
      'nullTickets',
      'supervisorAdmin',
    ],
  },
  // NOTE: `userRating` is switched on /avaliacoes/configurar, beside the rest of the rating settings.
  { key: 'attendance', settings: ['forceReason', 'allowPause', 'listByLastMessage', 'signed'] },
  { key: 'channels', settings: ['ignoreGroupMsg', 'rejectCalls', 'callRejectMessage'] },
  { key: 'integrations', settings: ['waitProcessing', 'shutdownWallet'] },
  { key: 'campaigns', settings: ['campaignRepliesOpenTickets', 'campaignOptOutWords'] },
];

/** `/configuracoes/geral`: the tenant's settings; a switch saves at once and goes back if the server refuses. */
export const GeneralSettingsPage = () => {
  const { t } = useTranslation();
  const settings = useTenantSettings();
  const save = useSaveSetting();
  useSettingsRealtime();
  const canEdit = useCan('settings.manage');

  const store = (key: TSettingKey, value: string) =>
    save.mutate(
      { key, value },
      { onSuccess: () => notifySuccess(t('settings.saved')), onError: (error) => notifyError(describeApiError(error)) },
    );
  const label = (key: TSettingKey) => t(`settings.keys.${key}`, { returnObjects: true }) as [string, string];
  const data = settings.data;
  const conflict =
    data &&
    [data.NotViewAssignedTickets, data.NotViewTicketsChatBot, data.nullTickets].every((value) => value === 'enabled');

  return (
    <Stack maw={820}>
      <PageHeader title={t('settings.title')} icon={IconSettings} />
      {!canEdit && <Alert color="primary">{t('settings.readOnly')}</Alert>}
      {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
      {conflict && (
        <Alert color="warning" data-testid="settings-conflict">
          {t('settings.conflict')}
        </Alert>
      )}
      {data &&
        groups.map((group) => (
          <Card key={group.key} withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="md">
              {t(`settings.groups.${group.key}`)}
            </Title>
            <Stack gap="md">
              {group.settings.map((key) => {
                const [title, hint] = label(key);
                if (!isToggleSetting(key))
                  return (
                    <TextSetting
                      key={key}
                      settingKey={key}
                      label={title}
                      hint={hint}
                      value={data[key]}
                      canEdit={canEdit}
                      onSave={store}
                    />
                  );
                return (
                  <Switch
                    key={key}
                    label={title}
                    description={hint}
                    checked={data[key] === 'enabled'}
                    disabled={!canEdit}
                    onChange={(e) => store(key, e.currentTarget.checked ? 'enabled' : 'disabled')}
                    data-testid={`setting-${key}`}
                  />
                );
              })}
            </Stack>
          </Card>
        ))}
      {data && <AutoCloseSettings settings={data} canEdit={canEdit} onSave={store} />}
      {settings.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
    </Stack>
  );
};
