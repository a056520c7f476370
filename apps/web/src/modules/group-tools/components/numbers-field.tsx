import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeNumbersFile, mergeNumbers, parseNumbersFile, type TIgnoredLine } from '../numbers-file';

/** A numbers file past this is no list of numbers (1 MB: tens of thousands of lines). */
const MAX_FILE_BYTES = 1_000_000;
/** Ignored lines named in the summary; the others are counted. */
const IGNORED_SHOWN = 5;

/** What the last import did, for its summary under the field. */
type TImportSummary =
  | { kind: 'read'; file: string; added: number; duplicates: number; ignored: TIgnoredLine[] }
  | { kind: 'tooBig' | 'unreadable'; file: string };

const ImportSummary = ({ summary }: { summary: TImportSummary }) => {
  const { t } = useTranslation();
  if (summary.kind !== 'read')
    return (
      <Text size="xs" c="negative" role="alert" data-testid="numbers-import-summary">
        {t(`groupTools.numbersFile.${summary.kind}`, { file: summary.file })}
      </Text>
    );
  const lines = summary.ignored
    .slice(0, IGNORED_SHOWN)
    .map(({ line, text }) => t('groupTools.numbersFile.line', { line, text }))
    .join(', ');
  const more = summary.ignored.length - IGNORED_SHOWN;
  return (
    <Stack gap={0} role="status" data-testid="numbers-import-summary">
      <Text size="xs" c={summary.added > 0 ? 'positive' : 'dimmed'}>
        {t('groupTools.numbersFile.added', { count: summary.added, file: summary.file })}
        {summary.duplicates > 0 && ` ${t('groupTools.numbersFile.duplicates', { count: summary.duplicates })}`}
      </Text>
      {summary.ignored.length > 0 && (
        <Text size="xs" c="warning" data-testid="numbers-import-ignored">
          {t('groupTools.numbersFile.ignored', { count: summary.ignored.length, lines })}
          {more > 0 && ` ${t('groupTools.numbersFile.more', { count: more })}`}
        </Text>
      )}
    </Stack>
  );
};

type TNumbersFieldProps = {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  label?: string;
  description?: string;
};

/**
 * The numbers of a group action: typed one a line, or imported from a .csv or .txt read here (one number a
 * line, or a "numero" column), merged into what is typed, with what was left out of the file said below.
 */
export const NumbersField = ({ value, error, onChange, label, description }: TNumbersFieldProps) => {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<TImportSummary | null>(null);
  // Cleared after each file, so the same file can be imported again.
  const resetRef = useRef<() => void>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    if (file.size > MAX_FILE_BYTES) return setSummary({ kind: 'tooBig', file: file.name });
    try {
      const { numbers, duplicates, ignored } = parseNumbersFile(decodeNumbersFile(await file.arrayBuffer()));
      const merged = mergeNumbers(value, numbers);
      onChange(merged.text);
      const repeated = duplicates + numbers.length - merged.added;
      setSummary({ kind: 'read', file: file.name, added: merged.added, duplicates: repeated, ignored });
    } catch {
      setSummary({ kind: 'unreadable', file: file.name });
    }
  };

  return (
    <Stack gap={4}>
      <Textarea
        label={label ?? t('groupTools.actions.numbers')}
        description={description ?? t('groupTools.actions.numbersHint')}
        autosize
        minRows={3}
        maxRows={10}
        withAsterisk
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="group-action-numbers"
      />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <FileButton resetRef={resetRef} onChange={(file) => void read(file)} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconFileImport size={14} />}
              data-testid="numbers-import"
            >
              {t('groupTools.numbersFile.import')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" pt={4}>
          {t('groupTools.numbersFile.hint')}
        </Text>
      </Group>
      {summary && <ImportSummary summary={summary} />}
    </Stack>
  );
};
