import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { TCampaignImport } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../attendance/components/format-time';
import { isImportRunning } from '../api/campaign-contacts-api';
import { describeReason } from './describe-reason';
import { ImportReport } from './import-report';

/**
 * A CSV the server imports in the background: "Importando 12.000 de 50.000 linhas" and a bar that moves with
 * the campaign's pushes, then what the import did (the report a small file gets at once), and why it stopped
 * if it failed. A mass send's import says its campaign starts once it is done (or that it did not start).
 */
export const CsvImportProgress = ({ state }: { state: TCampaignImport }) => {
  const { t } = useTranslation();
  if (isImportRunning(state)) {
    const number = new Intl.NumberFormat(intlLocale());
    const label = t('campaigns.import.progress', {
      processed: number.format(state.processedRows),
      total: number.format(state.totalRows),
    });
    return (
      <Stack gap={4} data-testid="campaign-import-progress">
        <Text size="sm">{label}</Text>
        <Progress
          size="lg"
          value={state.totalRows > 0 ? (state.processedRows / state.totalRows) * 100 : 0}
          aria-label={label}
        />
        {state.startsCampaign && (
          <Text size="xs" c="dimmed">
            {t('campaigns.import.startsWhenDone')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {state.status === 'failed' && state.failure && (
        <Alert color="negative" variant="light" data-testid="campaign-import-failed">
          {t('campaigns.import.failed', { reason: describeReason(state.failure) })}
          {state.startsCampaign && ` ${t('campaigns.import.notStarted')}`}
        </Alert>
      )}
      <ImportReport report={state} />
    </Stack>
  );
};
