import {
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyField } from './api-key-field';
import { emptyAssistantForm, type TAssistantForm, validateAssistantForm } from './assistant-form';
import { ScopeField, useLookupOptions } from './scope-field';
import { UsageMeter } from './usage-meter';

/** The settings form of one provider, validated with the contract's schema. */
export const useAssistantForm = (provider: TAiProvider) =>
  useForm<TAssistantForm>({ initialValues: emptyAssistantForm(provider), validate: validateAssistantForm });

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    <Stack>{children}</Stack>
  </Paper>
);

type TAssistantFormProps = {
  provider: TAiProvider;
  assistant: TAssistant;
  form: ReturnType<typeof useAssistantForm>;
  onSubmit: () => void;
  saving: boolean;
};

/** The sections of an AI provider's settings: connection, behaviour, budget, scope, hand-off, extras. */
export const AssistantSettingsForm = ({ provider, assistant, form, onSubmit, saving }: TAssistantFormProps) => {
  const { t } = useTranslation();
  const info = aiProviderInfo[provider];
  const options = useLookupOptions();
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
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
          </SimpleGrid>
          <NumberInput
            label={t('assistants.settings.burstSeconds')}
            description={t('assistants.settings.burstSecondsHint')}
            min={0}
            max={60}
            allowDecimal={false}
            maw={440}
            data-testid="ai-burst-seconds"
            {...form.getInputProps('burstSeconds')}
          />
        </Section>

        <Section title={t('assistants.settings.limits')}>
          <NumberInput
            label={t('assistants.settings.monthlyTokenBudget')}
            description={t('assistants.settings.monthlyTokenBudgetHint')}
            min={0}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            maw={440}
            data-testid="ai-budget"
            {...form.getInputProps('monthlyTokenBudget')}
          />
          <UsageMeter month={assistant.usage.month} tokens={assistant.usage.tokens} budget={budget} />
        </Section>

        <Section title={t('assistants.settings.where')}>
          <ScopeField
            kind={scopeKind}
            onKindChange={(kind) => {
              form.setFieldValue('scopeKind', kind);
              form.setFieldValue('scopeIds', []);
            }}
            kindError={form.errors.scopeKind}
            idsProps={form.getInputProps('scopeIds')}
            options={options}
          />
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
              data={options.queues}
              clearable
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="ai-handoff-queue"
              {...form.getInputProps('handoffQueueId')}
            />
            <Select
              label={t('assistants.settings.handoffUser')}
              placeholder={t('assistants.settings.noUser')}
              data={options.users}
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
