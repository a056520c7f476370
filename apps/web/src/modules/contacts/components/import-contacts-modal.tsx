import { Alert, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TContactImportResult } from '@prosa/contracts';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../ui/server-errors';
import { useImportContacts } from '../api/contacts-api';

const maxBytes = 1_000_000;

/** CSV import: the file goes as text; the answer's per-row problems are listed so the file can be fixed. */
export const ImportContactsModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const upload = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TContactImportResult | null>(null);
  const [tooBig, setTooBig] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setResult(null);
    setTooBig(false);
  }, [opened]);

  const send = async () => {
    if (!file) return;
    if (file.size > maxBytes) {
      setTooBig(true);
      return;
    }
    try {
      setResult(await upload.mutateAsync(await file.text()));
    } catch (error) {
      showApiError(error);
    }
  };

  const fieldLabel = (field: string) => t(`contacts.import.fields.${field}`, { defaultValue: field });
  const errorLabel = (code: string) => t(`contacts.import.errors.${code}`, { defaultValue: code });

  return (
    <Modal opened={opened} onClose={onClose} title={t('contacts.import.title')} size="lg">
      <Stack>
        <Text size="sm">{t('contacts.import.help')}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          nome;numero;email;cpf;aniversario;primeiro_nome;sobrenome;empresa
        </Text>
        <FileInput
          label={t('contacts.import.file')}
          placeholder={t('contacts.import.choose')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setResult(null);
            setTooBig(false);
          }}
          error={tooBig ? t('contacts.import.tooBig') : undefined}
          clearable
          data-testid="contacts-import-file"
        />
        {result && (
          <Stack gap="xs" data-testid="contacts-import-result">
            <Alert color={result.errors.length > 0 ? 'warning' : 'positive'} variant="light">
              {t('contacts.import.summary', {
                created: result.created,
                updated: result.updated,
                errors: result.errors.length,
              })}
            </Alert>
            {result.errors.length > 0 && (
              <ScrollArea.Autosize mah={260}>
                <Table striped withTableBorder verticalSpacing={4} data-testid="contacts-import-errors">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={80}>{t('contacts.import.row')}</Table.Th>
                      <Table.Th>{t('contacts.import.field')}</Table.Th>
                      <Table.Th>{t('contacts.import.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.errors.map((problem) => (
                      <Table.Tr key={`${problem.row}-${problem.field}-${problem.error}`}>
                        <Table.Td>{problem.row}</Table.Td>
                        <Table.Td>{fieldLabel(problem.field)}</Table.Td>
                        <Table.Td>{errorLabel(problem.error)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('contacts.close')}
          </Button>
          <Button
            onClick={() => void send()}
            disabled={!file}
            loading={upload.isPending}
            data-testid="contacts-import-send"
          >
            {t('contacts.import.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
