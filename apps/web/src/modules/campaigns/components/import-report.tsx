import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import type { TCampaignImportReport } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../attendance/components/format-time';

/** Shown rows of the per-row errors; a CSV with thousands of bad rows keeps the dialog readable. */
const SHOWN_ERRORS = 100;

/** What an import did: contacts added, those already in the campaign, and each refused row with why. */
export const ImportReport = ({ report }: { report: TCampaignImportReport }) => {
  const { t } = useTranslation();
  // The count picks the plural; `n` is the same number as the reader writes it ("6.000 adicionados").
  const counted = (count: number) => ({ count, n: new Intl.NumberFormat(intlLocale()).format(count) });
  return (
    <Alert
      color={report.errors.length > 0 ? 'warning' : 'positive'}
      variant="light"
      title={t('campaigns.report.title')}
      data-testid="campaign-import-report"
    >
      <Stack gap="xs">
        <Group gap="md">
          <Text size="sm" data-testid="report-added">
            {t('campaigns.report.added', counted(report.added))}
          </Text>
          <Text size="sm" data-testid="report-duplicates">
            {t('campaigns.report.duplicates', counted(report.duplicates))}
          </Text>
          {report.errors.length > 0 && (
            <Text size="sm" c="negative" data-testid="report-errors">
              {t('campaigns.report.errors', counted(report.errors.length))}
            </Text>
          )}
        </Group>
        {report.errors.length > 0 && (
          <Table.ScrollContainer minWidth={360} mah={240}>
            <Table striped withTableBorder data-testid="report-error-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('campaigns.report.row')}</Table.Th>
                  <Table.Th w={120}>{t('campaigns.report.field')}</Table.Th>
                  <Table.Th>{t('campaigns.report.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.slice(0, SHOWN_ERRORS).map((error) => (
                  <Table.Tr key={`${error.row}-${error.field}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.field}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Alert>
  );
};
