import { ActionIcon, Button, Group, Input, Stack, Text, Textarea } from '@mantine/core';
import { CAMPAIGN_TEXT_MAX } from '@prosa/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VARIANTS } from './campaign-form';
import { VariantPreview } from './variant-preview';

type TMessageVariantsFieldProps = {
  values: string[];
  onChange: (next: string[]) => void;
  error?: ReactNode;
  /** CSV columns the text may use besides the contact's variables. */
  columns?: string[];
  /** A mass send has one message; a campaign up to three variants. */
  single?: boolean;
  /** Replaces the variables line (a send without a CSV, to groups...). */
  variablesHint?: ReactNode;
};

/** Variables every message may use, filled per contact when it is sent. */
const contactVariables = ['{{name}}', '{{greeting}}'];

/**
 * The campaign's message: one to start with; "Adicionar variação" adds another up to three (one is drawn
 * per contact). Lists the variables the text may use.
 */
export const MessageVariantsField = ({
  values,
  onChange,
  error,
  columns = [],
  single = false,
  variablesHint,
}: TMessageVariantsFieldProps) => {
  const { t } = useTranslation();
  const variables = [...contactVariables, ...columns.map((column) => `{{${column}}}`)].join(', ');
  const set = (index: number, text: string) => onChange(values.map((value, i) => (i === index ? text : value)));
  return (
    <Input.Wrapper
      label={single ? t('campaigns.bulk.message') : t('campaigns.form.messages')}
      description={single ? undefined : t('campaigns.form.variantsHint')}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt={4}>
        {values.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a variant is its position (Mensagem 1, 2, 3); the texts are controlled
          <Group key={`variant-${index + 1}`} align="flex-start" wrap="nowrap">
            <Stack gap={2} flex={1}>
              <Textarea
                aria-label={t('campaigns.form.variant', { n: index + 1 })}
                placeholder={t('campaigns.form.variant', { n: index + 1 })}
                autosize
                minRows={3}
                maxRows={10}
                maxLength={CAMPAIGN_TEXT_MAX}
                value={value}
                onChange={(event) => set(index, event.currentTarget.value)}
                data-testid="campaign-variant"
              />
              <VariantPreview text={value} columns={columns} />
            </Stack>
            {values.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="negative"
                aria-label={t('campaigns.form.removeVariant', { n: index + 1 })}
                onClick={() => onChange(values.filter((_, i) => i !== index))}
                data-testid="campaign-variant-remove"
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Text size="xs" c="dimmed" data-testid="campaign-variables">
          {variablesHint ??
            t('campaigns.form.variablesHint', { variables, example: columns[0] ? `{{${columns[0]}}}` : '{{cidade}}' })}
        </Text>
        {!single && values.length < MAX_VARIANTS && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...values, ''])}
              data-testid="campaign-variant-add"
            >
              {t('campaigns.form.addVariant')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
};
