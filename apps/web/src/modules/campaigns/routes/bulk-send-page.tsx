import { Accordion, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { useConnections } from '../../connections/api/connections-api';
import { bulkEndpoints, type TBulkInput, type TBulkKind, useBulkSend } from '../api/bulk-api';
import {
  AudienceFields,
  audienceToBody,
  emptyAudience,
  isAudienceEmpty,
  type TAudienceValue,
} from '../components/audience-fields';
import { BulkImportPanel } from '../components/bulk-import-panel';
import {
  emptySendFields,
  isTemplateKind,
  sendFieldsToBody,
  type TSendFields,
  validateCampaignBody,
} from '../components/campaign-form';
import { ConnectionSelect } from '../components/connection-select';
import { CsvPicker } from '../components/csv-picker';
import { MessageVariantsField } from '../components/message-variants-field';
import { SendOptionsFields } from '../components/send-options-fields';
import { TemplateFields } from '../components/template-fields';
import { useSendAndOpen } from '../components/use-send-and-open';

type TBulkForm = TSendFields & { name: string; audience: TAudienceValue };

/** The request body of a mass send (the kind is the endpoint's). */
const toInput = (values: TBulkForm, kind: TBulkKind): TBulkInput => {
  const name = values.name.trim();
  return {
    ...(name ? { name } : {}),
    ...sendFieldsToBody(values, kind),
    ...(bulkEndpoints[kind].csv ? {} : { audience: audienceToBody(values.audience) }),
  };
};

/**
 * `/massa/*`: one form for every mass-send kind. Connection (filtered to the kind's channels), the message or
 * an approved template, who gets it (tags and contacts, or a CSV for the *variavel kinds) and the sending
 * options. Sending creates a one-off campaign, started at once, and opens it to follow its progress. A large
 * CSV is imported by the server first: the page then shows the import's progress in place of the form.
 */
export const BulkSendPage = ({ kind }: { kind: TBulkKind }) => {
  const { t } = useTranslation();
  const connections = useConnections();
  const send = useBulkSend(kind);
  const usesCsv = bulkEndpoints[kind].csv;
  const [csv, setCsv] = useState<{ file: File | null; columns: string[] }>({ file: null, columns: [] });
  const [csvError, setCsvError] = useState<string | undefined>();
  // The campaign whose large CSV the server is importing (202), or null: the form.
  const [importing, setImporting] = useState<number | null>(null);
  const form = useForm<TBulkForm>({
    initialValues: { ...emptySendFields(), name: '', audience: emptyAudience() },
    validate: (values) => {
      const errors = validateCampaignBody(toInput(values, kind), bulkEndpoints[kind].schema);
      if (!usesCsv && isAudienceEmpty(values.audience)) errors.audience = t('campaigns.bulk.audienceRequired');
      return errors;
    },
  });

  const sendAndOpen = useSendAndOpen(send, form, 'campaigns.bulk.sent', setImporting);
  const another = () => {
    form.reset();
    setCsv({ file: null, columns: [] });
    setImporting(null);
  };
  const submit = form.onSubmit((values) => {
    if (usesCsv && !csv.file) return setCsvError(t('campaigns.bulk.csvRequired'));
    sendAndOpen(toInput(values, kind), csv.file);
  });

  const messagesError = form.errors.messages ?? form.errors['messages.0'];
  const templateError =
    form.errors.template ?? Object.entries(form.errors).find(([key]) => key.startsWith('template.'))?.[1];

  return (
    <Stack>
      <PageHeader title={t(`screens.massa-${kind}`)} icon={IconSend} />
      <Text c="dimmed" size="sm">
        {t(`campaigns.bulk.kinds.${kind}`)} {t('campaigns.bulk.hint')}
      </Text>
      {importing !== null ? (
        <BulkImportPanel campaignId={importing} onAnother={another} />
      ) : (
        <Paper withBorder p="md" radius="md" maw={880}>
          <form onSubmit={submit} noValidate data-testid="bulk-form">
            <Stack>
              <TextInput
                label={t('campaigns.bulk.name')}
                placeholder={t('campaigns.bulk.namePlaceholder')}
                maxLength={120}
                data-testid="bulk-name"
                {...form.getInputProps('name')}
              />
              <ConnectionSelect
                connections={connections.data}
                kind={kind}
                value={form.values.connectionId}
                onChange={(value) => form.setFieldValue('connectionId', value)}
                error={form.errors.connectionId}
              />
              {usesCsv && (
                <CsvPicker
                  file={csv.file}
                  columns={csv.columns}
                  error={csvError}
                  onChange={(file, columns) => {
                    setCsv({ file, columns });
                    setCsvError(undefined);
                  }}
                />
              )}
              {isTemplateKind(kind) ? (
                <TemplateFields
                  connectionId={form.values.connectionId ? Number(form.values.connectionId) : null}
                  value={form.values.template}
                  onChange={(value) => form.setFieldValue('template', value)}
                  error={templateError ?? messagesError}
                  columns={csv.columns}
                />
              ) : (
                <MessageVariantsField
                  single
                  values={form.values.messages}
                  onChange={(messages) => form.setFieldValue('messages', messages)}
                  error={messagesError}
                  columns={csv.columns}
                />
              )}
              {!usesCsv && (
                <AudienceFields
                  value={form.values.audience}
                  onChange={(audience) => {
                    form.setFieldValue('audience', audience);
                    form.clearFieldError('audience');
                  }}
                  error={form.errors.audience as string | undefined}
                />
              )}
              <Accordion variant="contained">
                <Accordion.Item value="options">
                  <Accordion.Control data-testid="bulk-options">{t('campaigns.form.sendOptions')}</Accordion.Control>
                  <Accordion.Panel>
                    <SendOptionsFields inputProps={(path) => form.getInputProps(path)} />
                  </Accordion.Panel>
                </Accordion.Item>
              </Accordion>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconSend size={16} />}
                  loading={send.isPending}
                  data-testid="bulk-send"
                >
                  {t('campaigns.bulk.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
};
