import { Button, Menu, Paper, Progress, Text } from '@mantine/core';
import {
  REPORT_EXPORT_MAX_ROWS,
  type TExportFormat,
  type TReportExport,
  type TReportFilters,
  type TReportName,
  type TReportSortDir,
} from '@prosa/contracts';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess, notifyWarning } from '../../../app/notify';
import { downloadReportExport, reportKeys, useReportExport, useStartExport } from '../api/reports-api';

const formats: { format: TExportFormat; icon: typeof IconFileText }[] = [
  { format: 'csv', icon: IconFileText },
  { format: 'xlsx', icon: IconFileSpreadsheet },
  { format: 'pdf', icon: IconFileTypePdf },
];

/** Saves a finished export; a failed download says so instead of failing silently. */
export const useDownloadExport = () => {
  const { t } = useTranslation();
  return async (item: TReportExport) => {
    try {
      await downloadReportExport(item);
    } catch (error) {
      notifyError(`${t('reports.export.downloadFailed')}: ${describeApiError(error)}`);
    }
  };
};

type TExportProgressProps = { id: number; onFinished: () => void };

/** The running export's progress, polled every second; the file downloads by itself once done. */
export const ExportProgress = ({ id, onFinished }: TExportProgressProps) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const job = useReportExport(id);
  const download = useDownloadExport();
  const handled = useRef(false);
  const item = job.data;
  useEffect(() => {
    if (!item || handled.current) return;
    if (item.status === 'done') {
      handled.current = true;
      notifySuccess(t('reports.export.done', { file: item.fileName ?? '' }));
      if (item.truncated) notifyWarning(t('reports.export.truncated', { max: REPORT_EXPORT_MAX_ROWS }));
      void download(item).finally(onFinished);
    } else if (item.status === 'failed') {
      handled.current = true;
      notifyError(item.error ? `${t('reports.export.failed')}: ${item.error}` : t('reports.export.failed'));
      onFinished();
    }
    if (handled.current) void client.invalidateQueries({ queryKey: reportKeys.exports, exact: true });
  }, [item, t, download, onFinished, client]);
  const progress = item?.progress ?? 0;
  const format = t(`reports.export.${item?.format ?? 'csv'}`);
  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-testid="report-export-progress">
      <Text size="sm" mb={6} aria-live="polite">
        {t('reports.export.progress', { format, progress })}
      </Text>
      <Progress
        value={progress}
        animated={progress < 100}
        aria-label={t('reports.export.progress', { format, progress })}
      />
    </Paper>
  );
};

type TExportMenuProps = {
  report: TReportName;
  filters: TReportFilters;
  /** The table's sort: the file's rows come in the order the user sees. */
  sort: { by: string; dir: TReportSortDir };
  /** An export of this screen is still running: one at a time. */
  busy: boolean;
  onStarted: (item: TReportExport) => void;
};

/**
 * "Exportar": CSV, Excel or PDF of everything the filters keep (not just the page shown), in the table's order,
 * made by a job.
 */
export const ExportMenu = ({ report, filters, sort, busy, onStarted }: TExportMenuProps) => {
  const { t } = useTranslation();
  const start = useStartExport(report);
  const run = (format: TExportFormat) =>
    start.mutate(
      { format, filters, sortBy: sort.by, sortDir: sort.dir },
      {
        onSuccess: onStarted,
        onError: (error) => notifyError(`${t('reports.export.startFailed')}: ${describeApiError(error)}`),
      },
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={start.isPending || busy}
          data-testid="report-export"
        >
          {t('reports.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map(({ format, icon: FormatIcon }) => (
          <Menu.Item
            key={format}
            leftSection={<FormatIcon size={16} />}
            onClick={() => run(format)}
            data-testid={`report-export-${format}`}
          >
            {t(`reports.export.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
