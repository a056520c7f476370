import {
  Alert,
  Box,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { aiProviderInfo, type TAiProvider, type TAssistant } from '@prosa/contracts';
import { IconAlertTriangle, IconBrain } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useTransferUsers } from '../../attendance/api/lookups-api';
import { useConnections } from '../../connections/api/connections-api';
import { useQueues } from '../../queues/api/queues-api';
import { useAssistant, useSaveAssistant } from '../api/assistants-api';
import { ApiKeyField } from '../components/api-key-field';
import {
  assistantFormToBody,
  assistantToForm,
  emptyAssistantForm,
  type TAssistantForm,
  validateAssistantForm,
} from '../components/assistant-form';
import { UsageMeter } from '../components/usage-meter';

const useAssistantForm = (provider: TAiProvider) =>
  useForm<TAssistantForm>({ initialValues: emptyAssistantForm(provider), validate: validateAssistantForm });

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    <Stack>{children}</Stack>
  </Paper>
);

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
  const form = useForm<TAssistantForm>({
    initialValues: emptyAssistantForm(provider),
    validate: validateAssistantForm,
  });

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
          <AssistantForm
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

type TAssistantFormProps = {
  provider: TAiProvider;
  assistant: TAssistant;
  form: ReturnType<typeof useAssistantForm>;
  onSubmit: () => void;
  saving: boolean;
};

const AssistantForm = ({ provider, assistant, form, onSubmit, saving }: TAssistantFormProps) => {
  const { t } = useTranslation();
  const info = aiProviderInfo[provider];
  const queues = useQueues();
  const connections = useConnections();
  const users = useTransferUsers(true);
  const queueOptions = (queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }));
  const connectionOptions = (connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const userOptions = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }));
  const { scopeKind } = form.values;
  const budget = form.values.monthlyTokenBudget === '' ? null : Number(form.values.monthlyTokenBudget);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid="ai-settings-form"
    >
      <Stack>
        <Section title={t('assistants.settings.connection')}>
          <Switch
            label={t('assistants.settings.enabled')}
            description={t('assistants.settings.enabledHint')}
            data-testid="ai-enabled"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <TextInput
            label={t('assistants.settings.baseUrl')}
            description={t('assistants.settings.baseUrlHint')}
            placeholder={info.defaultBaseUrl}
            maxLength={2048}
            data-testid="ai-base-url"
            {...form.getInputProps('baseUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('assistants.settings.model')}
              placeholder={info.defaultModel}
              withAsterisk
              maxLength={120}
              data-testid="ai-model"
              {...form.getInputProps('model')}
            />
            {provider === 'chatgpt' && (
              <TextInput
                label={t('assistants.settings.organizationId')}
                maxLength={120}
                data-testid="ai-organization"
                {...form.getInputProps('organizationId')}
              />
            )}
          </SimpleGrid>
          <ApiKeyField
            form={form}
            hasApiKey={assistant.hasApiKey}
            apiKeyHint={assistant.apiKeyHint}
            needsKey={info.needsKey}
          />
        </Section>

        <Section title={t('assistants.settings.behaviour')}>
          <Textarea
            label={t('assistants.settings.systemPrompt')}
            description={t('assistants.settings.systemPromptHint')}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={8000}
            data-testid="ai-system-prompt"
            {...form.getInputProps('systemPrompt')}
          />
          <Box>
            <Text size="sm" fw={500}>
              {t('assistants.settings.temperature')}: {form.values.temperature.toFixed(1)}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {t('assistants.settings.temperatureHint')}
            </Text>
            <Slider
              min={0}
              max={2}
              step={0.1}
              marks={[{ value: 0 }, { value: 1 }, { value: 2 }]}
              label={(value) => value.toFixed(1)}
              thumbLabel={t('assistants.settings.temperature')}
              data-testid="ai-temperature"
              {...form.getInputProps('temperature')}
            />
          </Box>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            <NumberInput
              label={t('assistants.settings.maxReplyTokens')}
              min={16}
              max={8000}
              allowDecimal={false}
              data-testid="ai-max-reply-tokens"
              {...form.getInputProps('maxReplyTokens')}
            />
            <NumberInput
              label={t('assistants.settings.maxRepliesPerTicket')}
              min={1}
              max={500}
              allowDecimal={false}
              data-testid="ai-max-replies"
              {...form.getInputProps('maxRepliesPerTicket')}
            />
            <NumberInput
              label={t('assistants.settings.burstSeconds')}
              description={t('assistants.settings.burstSecondsHint')}
              min={0}
              max={60}
              allowDecimal={false}
              data-testid="ai-burst-seconds"
              {...form.getInputProps('burstSeconds')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('assistants.settings.limits')}>
          <NumberInput
            label={t('assistants.settings.monthlyTokenBudget')}
            description={t('assistants.settings.monthlyTokenBudgetHint')}
            min={0}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            maw={320}
            data-testid="ai-budget"
            {...form.getInputProps('monthlyTokenBudget')}
          />
          <UsageMeter month={assistant.usage.month} tokens={assistant.usage.tokens} budget={budget} />
        </Section>

        <Section title={t('assistants.settings.where')}>
          <Radio.Group
            label={t('assistants.settings.scope')}
            description={t('assistants.settings.scopeHint')}
            value={scopeKind}
            onChange={(value) => {
              form.setFieldValue('scopeKind', value as TAssistantForm['scopeKind']);
              form.setFieldValue('scopeIds', []);
            }}
            error={form.errors.scopeKind}
            data-testid="ai-scope"
          >
            <Stack gap="xs" mt="xs">
              <Radio value="none" label={t('assistants.settings.scopeNone')} data-testid="ai-scope-none" />
              <Radio value="all" label={t('assistants.settings.scopeAll')} data-testid="ai-scope-all" />
              <Radio
                value="connections"
                label={t('assistants.settings.scopeConnections')}
                data-testid="ai-scope-connections"
              />
              <Radio value="queues" label={t('assistants.settings.scopeQueues')} data-testid="ai-scope-queues" />
            </Stack>
          </Radio.Group>
          {(scopeKind === 'connections' || scopeKind === 'queues') && (
            <MultiSelect
              label={t(scopeKind === 'connections' ? 'assistants.settings.connections' : 'assistants.settings.queues')}
              data={scopeKind === 'connections' ? connectionOptions : queueOptions}
              searchable
              clearable
              withAsterisk
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="ai-scope-ids"
              {...form.getInputProps('scopeIds')}
            />
          )}
          <Radio.Group
            label={t('assistants.settings.outsideHours')}
            data-testid="ai-outside-hours"
            {...form.getInputProps('outsideHours')}
          >
            <Group gap="lg" mt="xs">
              <Radio value="answer" label={t('assistants.settings.outsideHoursAnswer')} />
              <Radio value="silent" label={t('assistants.settings.outsideHoursSilent')} />
            </Group>
          </Radio.Group>
        </Section>

        <Section title={t('assistants.settings.handoff')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('assistants.settings.exitKeyword')}
              withAsterisk
              maxLength={40}
              data-testid="ai-exit-keyword"
              {...form.getInputProps('exitKeyword')}
            />
            <TextInput
              label={t('assistants.settings.restartKeyword')}
              withAsterisk
              maxLength={40}
              data-testid="ai-restart-keyword"
              {...form.getInputProps('restartKeyword')}
            />
            <Select
              label={t('assistants.settings.handoffQueue')}
              description={t('assistants.settings.handoffQueueHint')}
              placeholder={t('assistants.settings.noQueue')}
              data={queueOptions}
              clearable
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="ai-handoff-queue"
              {...form.getInputProps('handoffQueueId')}
            />
            <Select
              label={t('assistants.settings.handoffUser')}
              placeholder={t('assistants.settings.noUser')}
              data={userOptions}
              clearable
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="ai-handoff-user"
              style={{ alignSelf: 'end' }}
              {...form.getInputProps('handoffUserId')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('assistants.settings.extras')}>
          {info.transcribes && (
            <Group align="flex-end" gap="lg">
              <Switch
                label={t('assistants.settings.transcribeAudio')}
                description={t('assistants.settings.transcribeAudioHint')}
                data-testid="ai-transcribe"
                style={{ flex: 1 }}
                {...form.getInputProps('transcribeAudio', { type: 'checkbox' })}
              />
              {form.values.transcribeAudio && (
                <TextInput
                  label={t('assistants.settings.transcriptionModel')}
                  placeholder={info.defaultTranscriptionModel}
                  maxLength={120}
                  w={240}
                  data-testid="ai-transcription-model"
                  {...form.getInputProps('transcriptionModel')}
                />
              )}
            </Group>
          )}
          <Switch
            label={t('assistants.settings.helpsAgents')}
            description={t('assistants.settings.helpsAgentsHint')}
            data-testid="ai-helps-agents"
            {...form.getInputProps('helpsAgents', { type: 'checkbox' })}
          />
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!form.isDirty()} data-testid="ai-save">
            {t('assistants.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
