import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TCampaignImportReport } from '@prosa/contracts';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../ui/server-errors';
import {
  isImportRunning,
  useAddCampaignAudience,
  useLatestCampaignImport,
  useUploadCampaignCsv,
} from '../api/campaign-contacts-api';
import { campaignKeys } from '../api/campaigns-api';
import { AudienceFields, audienceToBody, emptyAudience, isAudienceEmpty, type TAudienceValue } from './audience-fields';
import { CsvImportProgress } from './csv-import-progress';
import { CsvPicker } from './csv-picker';
import { ImportReport } from './import-report';

/**
 * Adds contacts to a campaign: from tags, wallets and a hand-picked list, or from a CSV; shows the report, or
 * a large CSV's progress while the server imports it.
 */
export const AudiencePanel = ({ campaignId }: { campaignId: number }) => {
  const { t } = useTranslation();
  const addAudience = useAddCampaignAudience();
  const uploadCsv = useUploadCampaignCsv();
  const client = useQueryClient();
  const [audience, setAudience] = useState<TAudienceValue>(emptyAudience);
  const [audienceError, setAudienceError] = useState<string | undefined>();
  const [csv, setCsv] = useState<{ file: File | null; columns: string[] }>({ file: null, columns: [] });
  const [report, setReport] = useState<TCampaignImportReport | null>(null);
  // A large file's import runs on the server: its state is followed from the upload on (and shown whenever
  // one is running, e.g. after a reload), and its report shown once it ends. A mass send's import stays shown:
  // its report (or why the send did not start) is the campaign's own.
  const latestImport = useLatestCampaignImport(campaignId);
  const [followImport, setFollowImport] = useState(false);
  const importState = latestImport.data;
  const importing = isImportRunning(importState);
  const shownImport = importState && (followImport || importing || importState.startsCampaign) ? importState : null;

  const add = () => {
    if (isAudienceEmpty(audience)) return setAudienceError(t('campaigns.audience.nothingChosen'));
    setAudienceError(undefined);
    addAudience.mutate(
      { id: campaignId, audience: audienceToBody(audience) },
      {
        onSuccess: (result) => {
          setReport(result);
          setFollowImport(false);
          setAudience(emptyAudience());
        },
        onError: (error) => showApiError(error),
      },
    );
  };

  const importCsv = () => {
    if (!csv.file) return;
    uploadCsv.mutate(
      { id: campaignId, file: csv.file },
      {
        onSuccess: (result) => {
          if ('queued' in result) {
            client.setQueryData(campaignKeys.latestImport(campaignId), result.queued);
            setReport(null);
          } else setReport(result.report);
          setFollowImport('queued' in result);
          setCsv({ file: null, columns: [] });
        },
        onError: (error) => showApiError(error),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="campaign-audience">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {t('campaigns.audience.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('campaigns.audience.hint')}
          </Text>
        </div>
        <AudienceFields value={audience} onChange={setAudience} error={audienceError} />
        <Group justify="flex-end">
          <Button
            leftSection={<IconUserPlus size={16} />}
            loading={addAudience.isPending}
            onClick={add}
            data-testid="audience-add"
          >
            {t('campaigns.audience.add')}
          </Button>
        </Group>
        <Divider label={t('campaigns.audience.csv')} labelPosition="left" />
        <CsvPicker file={csv.file} columns={csv.columns} onChange={(file, columns) => setCsv({ file, columns })} />
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} />}
            disabled={!csv.file || importing}
            loading={uploadCsv.isPending}
            onClick={importCsv}
            data-testid="audience-csv-send"
          >
            {t('campaigns.audience.csvSend')}
          </Button>
        </Group>
        {shownImport ? <CsvImportProgress state={shownImport} /> : report && <ImportReport report={report} />}
      </Stack>
    </Paper>
  );
};
