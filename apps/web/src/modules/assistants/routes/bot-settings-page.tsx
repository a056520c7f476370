import { Alert, Box, Skeleton, Text } from '@mantine/core';
import { botProviderLabels, type TBotProvider } from '@prosa/contracts';
import { IconAlertTriangle, IconRobot } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useBots, useSaveBot } from '../api/assistants-api';
import { botFormToBody, botToForm } from '../components/bot-form';
import { BotSettingsForm, useBotForm } from '../components/bot-settings-form';

/**
 * /configuracoes/<provider> of a bot integration (Typebot, Dialogflow, n8n, Dify, Vapi): its own fields, the
 * write-only secret, which tickets it answers by itself and where it hands over. Its last error shows at the top.
 */
export const BotSettingsPage = ({ provider }: { provider: TBotProvider }) => {
  const { t, i18n } = useTranslation();
  const bots = useBots();
  const save = useSaveBot(provider);
  const form = useBotForm(provider);
  const bot = bots.data?.find((item) => item.provider === provider);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server's copy when it arrives
  useEffect(() => {
    if (!bots.data) return;
    const values = botToForm(provider, bot);
    form.setValues(values);
    form.resetDirty(values);
  }, [bots.data]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(botFormToBody(provider, values));
      notifySuccess(t('assistants.bots.saved', { provider: botProviderLabels[provider] }));
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <>
      <PageHeader title={t(`screens.configuracoes-${provider}`)} icon={IconRobot} />
      {bots.isError ? (
        <ErrorState error={bots.error} onRetry={() => void bots.refetch()} />
      ) : bots.isLoading ? (
        <Skeleton height={520} radius="md" data-testid="bot-settings-loading" />
      ) : (
        <Box maw={880}>
          {bot?.lastError && (
            <Alert
              color="negative"
              variant="light"
              mb="md"
              icon={<IconAlertTriangle size={18} />}
              title={t('assistants.settings.lastError', {
                time: new Date(bot.lastError.at).toLocaleString(i18n.language),
              })}
              data-testid="bot-last-error"
            >
              <Text size="sm">{bot.lastError.message}</Text>
            </Alert>
          )}
          <BotSettingsForm provider={provider} bot={bot} form={form} onSubmit={submit} saving={save.isPending} />
        </Box>
      )}
    </>
  );
};
