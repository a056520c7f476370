import { Alert, Box, Skeleton, Text } from '@mantine/core';
import { aiProviderInfo, type TAiProvider } from '@prosa/contracts';
import { IconAlertTriangle, IconBrain } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useAssistant, useSaveAssistant } from '../api/assistants-api';
import { assistantFormToBody, assistantToForm } from '../components/assistant-form';
import { AssistantSettingsForm, useAssistantForm } from '../components/assistant-settings-form';

/**
 * /configuracoes/<provider> of an AI model provider (ChatGPT, LM Studio, Ollama, Grok, Gemini, DeepSeek, Qwen,
 * Claude, GroqCloud): the connection (address, model, write-only key), how it answers, its monthly budget and
 * this month's use, which tickets it answers by itself, where it hands over, and the extras (voice notes,
 * help for agents). The provider's last error shows at the top.
 */
export const AssistantSettingsPage = ({ provider }: { provider: TAiProvider }) => {
  const { t, i18n } = useTranslation();
  const info = aiProviderInfo[provider];
  const assistant = useAssistant(provider);
  const save = useSaveAssistant(provider);
  const form = useAssistantForm(provider);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server's copy when it arrives
  useEffect(() => {
    if (!assistant.data) return;
    const values = assistantToForm(assistant.data);
    form.setValues(values);
    form.resetDirty(values);
  }, [assistant.data]);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(assistantFormToBody(values));
      notifySuccess(
        values.removeKey && !saved.hasApiKey
          ? t('assistants.settings.keyRemoved')
          : t('assistants.settings.saved', { provider: info.label }),
      );
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <>
      <PageHeader
        title={t(`screens.configuracoes-${provider === 'chatgpt' ? 'chat-gpt' : provider}`)}
        icon={IconBrain}
      />
      {assistant.isError ? (
        <ErrorState error={assistant.error} onRetry={() => void assistant.refetch()} />
      ) : assistant.isLoading || !assistant.data ? (
        <Skeleton height={640} radius="md" data-testid="ai-settings-loading" />
      ) : (
        <Box maw={880}>
          {assistant.data.lastError && (
            <Alert
              color="negative"
              variant="light"
              mb="md"
              icon={<IconAlertTriangle size={18} />}
              title={t('assistants.settings.lastError', {
                time: new Date(assistant.data.lastError.at).toLocaleString(i18n.language),
              })}
              data-testid="ai-last-error"
            >
              <Text size="sm">{assistant.data.lastError.message}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                {t('assistants.settings.lastErrorHint')}
              </Text>
            </Alert>
          )}
          <AssistantSettingsForm
            provider={provider}
            assistant={assistant.data}
            form={form}
            onSubmit={submit}
            saving={save.isPending}
          />
        </Box>
      )}
    </>
  );
};
