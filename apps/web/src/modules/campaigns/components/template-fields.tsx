import { Alert, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTemplates } from '../../attendance/api/templates-api';
import { type TTemplateValue, templateKey } from './campaign-form';

type TTemplateFieldsProps = {
  connectionId: number | null;
  value: TTemplateValue;
  onChange: (next: TTemplateValue) => void;
  error?: ReactNode;
  /** CSV columns a placeholder may use. */
  columns?: string[];
};

/**
 * Picks one of the connection's approved templates (the same list the chat's template picker shows) and fills
 * its placeholders, each with fixed text or a variable of the contact (`{{name}}`, a CSV column).
 */
export const TemplateFields = ({ connectionId, value, onChange, error, columns = [] }: TTemplateFieldsProps) => {
  const { t } = useTranslation();
  const list = useMessageTemplates(connectionId, connectionId !== null);
  const templates = list.data?.templates ?? [];
  const chosen = templates.find((template) => templateKey(template) === value.key) ?? null;

  // A template chosen (or loaded for an edit) gets one field per placeholder, keeping what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-shape only when the chosen template changes
  useEffect(() => {
    if (!chosen) return;
    const fit = (params: string[], variables: string[]) => variables.map((_, index) => params[index] ?? '');
    const headerParams = fit(value.headerParams, chosen.headerVariables);
    const bodyParams = fit(value.bodyParams, chosen.bodyVariables);
    if (headerParams.length !== value.headerParams.length || bodyParams.length !== value.bodyParams.length)
      onChange({ ...value, headerParams, bodyParams });
  }, [chosen]);

  const setParam = (kind: 'headerParams' | 'bodyParams', index: number, text: string) =>
    onChange({ ...value, [kind]: value[kind].map((param, i) => (i === index ? text : param)) });

  const example = columns[0] ? `{{${columns[0]}}}` : '{{name}}';
  return (
    <Stack gap="xs">
      <Select
        label={t('campaigns.template.choose')}
        placeholder={list.isLoading ? t('common.loading') : t('campaigns.template.placeholder')}
        withAsterisk
        searchable
        disabled={connectionId === null}
        data={templates.map((template) => ({
          value: templateKey(template),
          label: `${template.name} (${template.language})${template.sendable ? '' : ` · ${t('campaigns.template.notSendable')}`}`,
          disabled: !template.sendable,
        }))}
        value={value.key}
        onChange={(key) => onChange({ key, headerParams: [], bodyParams: [] })}
        error={error}
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="campaign-template"
      />
      {list.data && templates.length === 0 && (
        <Alert color="warning" data-testid="campaign-template-empty">
          {t('campaigns.template.empty')}
        </Alert>
      )}
      {chosen && (
        <>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="campaign-template-body">
            {chosen.body}
          </Text>
          {chosen.headerVariables.map((variable, index) => (
            <TextInput
              key={`header-${variable}`}
              label={t('campaigns.template.headerParam', { name: variable })}
              value={value.headerParams[index] ?? ''}
              maxLength={1024}
              onChange={(event) => setParam('headerParams', index, event.currentTarget.value)}
              data-testid="campaign-template-header-param"
            />
          ))}
          {chosen.bodyVariables.map((variable, index) => (
            <TextInput
              key={`body-${variable}`}
              label={t('campaigns.template.bodyParam', { name: variable })}
              value={value.bodyParams[index] ?? ''}
              maxLength={1024}
              onChange={(event) => setParam('bodyParams', index, event.currentTarget.value)}
              data-testid="campaign-template-body-param"
            />
          ))}
          {chosen.headerVariables.length + chosen.bodyVariables.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('campaigns.template.paramsHint', { example })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
};
