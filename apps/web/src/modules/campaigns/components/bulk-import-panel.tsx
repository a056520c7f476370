import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../app/router/route-registry';
import { useLatestCampaignImport } from '../api/campaign-contacts-api';
import { useCampaignPush } from '../api/campaigns-api';
import { CsvImportProgress } from './csv-import-progress';

/**
 * A mass send whose CSV the server imports in the background (202): the import's progress as the campaign's
 * page shows it, following each push, then its report (or why the send did not start), with the campaign's
 * page to follow the sends and a way back to the form.
 */
export const BulkImportPanel = ({ campaignId, onAnother }: { campaignId: number; onAnother: () => void }) => {
  const { t } = useTranslation();
  const state = useLatestCampaignImport(campaignId).data;
  useCampaignPush();
  return (
    <Paper withBorder p="md" radius="md" maw={880} data-testid="bulk-import">
      <Stack>
        <Title order={2} fz="h4">
          {t('campaigns.bulk.importTitle')}
        </Title>
        {state && <CsvImportProgress state={state} />}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={onAnother} data-testid="bulk-another">
            {t('campaigns.bulk.another')}
          </Button>
          <Anchor
            component={Link}
            to={pathFor('contatos-campanha', { campanhaId: campaignId })}
            data-testid="bulk-open-campaign"
          >
            <Group gap={4}>
              {t('campaigns.bulk.openCampaign')}
              <IconArrowRight size={14} />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
};
