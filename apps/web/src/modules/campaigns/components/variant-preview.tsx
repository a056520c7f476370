import { Text } from '@mantine/core';
import { fillVariables } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

/** The contact a preview is filled for (the send fills each contact's own values). */
const sample = { name: 'Maria Silva', firstName: 'Maria', email: 'maria@exemplo.com.br', phoneNumber: '5511987654321' };

/**
 * How a variant reads once its variables are filled, for a sample contact: a CSV column shows as its name in
 * brackets. Shown only when the text has a variable.
 */
export const VariantPreview = ({ text, columns }: { text: string; columns: string[] }) => {
  const { t } = useTranslation();
  if (!text.includes('{{')) return null;
  const byColumn = Object.fromEntries(columns.map((column) => [column, `[${column}]`]));
  return (
    <Text size="xs" c="dimmed" data-testid="campaign-variant-preview">
      {t('campaigns.form.preview', { name: sample.name })}{' '}
      <Text span size="xs" c="var(--mantine-color-text)">
        {fillVariables(text, { ...byColumn, ...sample })}
      </Text>
    </Text>
  );
};
