import {
  Button,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TBot, TBotProvider } from '@prosa/contracts';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { botFields, botToForm, secretFieldOf, type TBotField, type TBotForm, validateBotForm } from './bot-form';
import { ScopeField, useLookupOptions } from './scope-field';
import { SecretRemoveButton } from './secret-remove-button';

/** The settings form of one bot, validated with the contract's ZBotSettings. */
export const useBotForm = (provider: TBotProvider) =>
  useForm<TBotForm>({ initialValues: botToForm(provider, undefined), validate: validateBotForm(provider) });

type TBotFormApi = ReturnType<typeof useBotForm>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    <Stack>{children}</Stack>
  </Paper>
);

const FieldInput = ({ field, form }: { field: TBotField; form: TBotFormApi }) => {
  const { t } = useTranslation();
  const label = t(`assistants.bots.fields.${field.name}`);
  const props = { label, 'data-testid': `bot-${field.name}`, ...form.getInputProps(`fields.${field.name}`) };
  switch (field.kind) {
    case 'text':
      return (
        <TextInput withAsterisk={field.required} placeholder={field.placeholder} maxLength={field.max} {...props} />
      );
    case 'textarea':
      return <Textarea autosize minRows={2} maxLength={field.max} {...props} />;
    case 'number':
      return <NumberInput min={field.min} max={field.max} allowDecimal={false} {...props} />;
    case 'select':
      return (
        <Select
          data={field.options.map((value) => ({ value, label: t(`assistants.bots.appTypes.${value}`) }))}
          allowDeselect={false}
          {...props}
        />
      );
    default: {
      const never: never = field;
      return never;
    }
  }
};

/** The write-only secret: a new one typed, whether one is stored, and "Remover". */
const SecretInput = ({
  provider,
  form,
  hasSecret,
}: {
  provider: TBotProvider;
  form: TBotFormApi;
  hasSecret: boolean;
}) => {
  const { t } = useTranslation();
  const name = secretFieldOf(provider);
  const removing = form.values.removeSecret;
  const props = {
    label: t(`assistants.bots.fields.${name}`),
    disabled: removing,
    'data-testid': 'bot-secret',
    ...form.getInputProps('secret'),
  };
  return (
    <Stack gap={6}>
      {name === 'serviceAccountJson' ? (
        <Textarea autosize minRows={3} maxRows={10} maxLength={20_000} ff="monospace" {...props} />
      ) : (
        <PasswordInput autoComplete="new-password" maxLength={1000} {...props} />
      )}
      <Group gap="xs" data-testid="bot-secret-status">
        <Text size="sm" c={removing ? 'negative' : 'dimmed'} td={removing ? 'line-through' : undefined}>
          {hasSecret ? t('assistants.bots.secretSaved') : t('assistants.bots.secretNone')}
        </Text>
        {hasSecret && (
          <SecretRemoveButton
            removing={removing}
            onToggle={() => {
              form.setFieldValue('removeSecret', !removing);
              form.setFieldValue('secret', '');
            }}
            labels={{
              remove: t('assistants.bots.secretRemove'),
              undo: t('assistants.bots.secretUndo'),
              removing: t('assistants.bots.secretRemoving'),
            }}
            testId="bot-secret-remove"
          />
        )}
      </Group>
    </Stack>
  );
};

type TBotSettingsFormProps = {
  provider: TBotProvider;
  bot: TBot | undefined;
  form: TBotFormApi;
  onSubmit: () => void;
  saving: boolean;
};

/** A bot's settings: the connection (its own fields and secret), which tickets it answers, and the hand-off. */
export const BotSettingsForm = ({ provider, bot, form, onSubmit, saving }: TBotSettingsFormProps) => {
  const { t } = useTranslation();
  const options = useLookupOptions();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid="bot-settings-form"
    >
      <Stack>
        <Section title={t('assistants.bots.connection')}>
          <Switch
            label={t('assistants.bots.enabled')}
            description={t('assistants.settings.enabledHint')}
            data-testid="bot-enabled"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          {botFields[provider].map((field) => (
            <FieldInput key={field.name} field={field} form={form} />
          ))}
          <SecretInput provider={provider} form={form} hasSecret={bot?.hasSecret ?? false} />
        </Section>
        <Section title={t('assistants.settings.where')}>
          <ScopeField
            kind={form.values.scopeKind}
            onKindChange={(kind) => {
              form.setFieldValue('scopeKind', kind);
              form.setFieldValue('scopeIds', []);
            }}
            kindError={form.errors.scopeKind}
            idsProps={form.getInputProps('scopeIds')}
            options={options}
          />
        </Section>
        <Section title={t('assistants.settings.handoff')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('assistants.settings.handoffQueue')}
              placeholder={t('assistants.settings.noQueue')}
              data={options.queues}
              clearable
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="bot-handoff-queue"
              {...form.getInputProps('handoffQueueId')}
            />
            <Select
              label={t('assistants.settings.handoffUser')}
              placeholder={t('assistants.settings.noUser')}
              data={options.users}
              clearable
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="bot-handoff-user"
              {...form.getInputProps('handoffUserId')}
            />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!form.isDirty()} data-testid="bot-save">
            {t('assistants.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
