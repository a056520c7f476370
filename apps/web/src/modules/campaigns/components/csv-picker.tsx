import { FileInput, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { csvColumns } from './campaign-form';

type TCsvPickerProps = {
  file: File | null;
  columns: string[];
  /** The file chosen and its header's columns (for the variables preview). */
  onChange: (file: File | null, columns: string[]) => void;
  error?: ReactNode;
};

/** Reads only the start of the file: the header row is all the preview needs. */
const readHeader = async (file: File): Promise<string[]> => csvColumns(await file.slice(0, 64 * 1024).text());

/** Chooses a contacts CSV and lists its columns, which the messages may use as {{variables}}. */
export const CsvPicker = ({ file, columns, onChange, error }: TCsvPickerProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <FileInput
        label={t('campaigns.audience.csvChoose')}
        description={t('campaigns.audience.csvHint')}
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileSpreadsheet size={16} />}
        value={file}
        error={error}
        onChange={(next) => {
          if (!next) return onChange(null, []);
          void readHeader(next).then((header) => onChange(next, header));
        }}
        data-testid="campaign-csv"
      />
      {columns.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="campaign-csv-columns">
          {t('campaigns.audience.csvColumns', { columns: columns.join(', ') })}
        </Text>
      )}
    </Stack>
  );
};
