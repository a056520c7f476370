import { ActionIcon, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { REPORT_EXPORT_KEEP_DAYS, type TReportExport, type TReportName } from '@prosa/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../attendance/components/format-time';
import { useRecentExports } from '../api/reports-api';
import { useDownloadExport } from './report-export';

const statusColor: Record<TReportExport['status'], string> = {
  pending: 'gray',
  running: 'blue',
  done: 'positive',
  failed: 'negative',
};

/** How many of the user's last exports of this report are listed. */
const SHOWN = 5;

/** "Exportações recentes": the user's last exports of this report, each downloadable again once done. */
export const RecentExports = ({ report }: { report: TReportName }) => {
  const { t } = useTranslation();
  const recent = useRecentExports();
  const download = useDownloadExport();
  const items = (recent.data ?? []).filter((item) => item.report === report).slice(0, SHOWN);
  const format = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid="report-recent-exports">
      <Title order={2} size="h5">
        {t('reports.export.recent')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('reports.export.keptFor', { days: REPORT_EXPORT_KEEP_DAYS })}
      </Text>
      {recent.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('reports.export.recentEmpty')}
        </Text>
      )}
      <Stack gap={6}>
        {items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="report-recent-export">
            <Group gap="sm" wrap="nowrap">
              <Badge variant="light" w={56}>
                {item.format.toUpperCase()}
              </Badge>
              <Text size="sm">{format.format(Date.parse(item.createdAt))}</Text>
              {item.rowCount !== null && (
                <Text size="sm" c="dimmed">
                  {t('reports.export.rows', { count: item.rowCount })}
                </Text>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Badge color={statusColor[item.status]} variant="dot">
                {item.status === 'running'
                  ? `${t('reports.export.status.running')} ${item.progress}%`
                  : t(`reports.export.status.${item.status}`)}
              </Badge>
              {item.status === 'done' && (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('reports.export.download', { file: item.fileName ?? '' })}
                  onClick={() => void download(item)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};
