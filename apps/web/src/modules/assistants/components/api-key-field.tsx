import { Anchor, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAssistantForm } from './assistant-form';
import { SecretRemoveButton } from './secret-remove-button';

type TApiKeyFieldProps = {
  form: Pick<UseFormReturnType<TAssistantForm>, 'values' | 'setFieldValue' | 'getInputProps'>;
  hasApiKey: boolean;
  apiKeyHint: string | null;
  /** Local servers (LM Studio, Ollama) take no key: the field stays folded unless one is stored or typed. */
  needsKey: boolean;
};

/** The write-only key: a password input for a new one, the stored one's end, and "Remover chave". */
export const ApiKeyField = ({ form, hasApiKey, apiKeyHint, needsKey }: TApiKeyFieldProps) => {
  const { t } = useTranslation();
  const [unfolded, setUnfolded] = useState(false);
  const removing = form.values.removeKey;
  if (!needsKey && !hasApiKey && !unfolded && form.values.apiKey === '')
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('assistants.settings.apiKeyLocal')}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => setUnfolded(true)} data-testid="ai-key-show">
          {t('assistants.settings.apiKeyShow')}
        </Anchor>
      </Group>
    );
  return (
    <Stack gap={6}>
      <PasswordInput
        label={hasApiKey ? t('assistants.settings.apiKeyNew') : t('assistants.settings.apiKey')}
        withAsterisk={needsKey && !hasApiKey}
        autoComplete="new-password"
        leftSection={<IconKey size={16} />}
        disabled={removing}
        maxLength={400}
        data-testid="ai-api-key"
        {...form.getInputProps('apiKey')}
      />
      <Group gap="xs" data-testid="ai-key-status">
        {hasApiKey ? (
          <>
            <Text size="sm" c={removing ? 'negative' : 'dimmed'} td={removing ? 'line-through' : undefined}>
              {t('assistants.settings.apiKeySaved', { hint: apiKeyHint ?? '' })}
            </Text>
            <SecretRemoveButton
              removing={removing}
              onToggle={() => {
                form.setFieldValue('removeKey', !removing);
                form.setFieldValue('apiKey', '');
              }}
              labels={{
                remove: t('assistants.settings.apiKeyRemove'),
                undo: t('assistants.settings.apiKeyUndo'),
                removing: t('assistants.settings.apiKeyRemoving'),
              }}
              testId="ai-key-remove"
            />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('assistants.settings.apiKeyNone')}
          </Text>
        )}
      </Group>
    </Stack>
  );
};
