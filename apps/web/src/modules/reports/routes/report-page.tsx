import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import type { TReportExport, TReportName } from '@prosa/contracts';
import { IconChevronLeft } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PaginationFooter, pageCount } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import {
  exportFiltersOfView,
  isViewFiltered,
  nextSort,
  queryOfView,
  REPORT_PAGE_SIZE,
  readReportView,
  type TReportView,
  writeReportView,
} from '../api/report-search';
import { useReportList, useReportPage } from '../api/reports-api';
import { RecentExports } from '../components/recent-exports';
import { ReportChart } from '../components/report-chart';
import { ExportMenu, ExportProgress } from '../components/report-export';
import { ReportFilters } from '../components/report-filters';
import { reportIcons } from '../components/report-icons';
import { ReportTable } from '../components/report-table';

/** The report whose rows name tickets: its ticket ids open the transcript. */
const ticketColumnOf: Partial<Record<TReportName, string>> = { 'atendimentos-por-parametros': 'ticketId' };

/**
 * `/relatorios/:report`: any of the seven reports, drawn from its meta (GET /reports): its filters, sortable
 * columns, one page of rows, the chart and the export. Filters, sort and page live in the URL, so a report
 * can be bookmarked or shared as it is.
 */
export const ReportPage = ({ report }: { report: TReportName }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readReportView(params), [params]);
  const setView = useCallback((next: TReportView) => setParams(writeReportView(next)), [setParams]);
  const list = useReportList();
  const meta = list.data?.find((item) => item.name === report);
  const query = useMemo(() => queryOfView(view, meta?.defaultSort), [view, meta?.defaultSort]);
  const page = useReportPage(report, query, meta !== undefined);
  const [exporting, setExporting] = useState<TReportExport | null>(null);
  const finishExport = useCallback(() => setExporting(null), []);

  const title = t(`screens.${report}`);
  const columns = page.data?.columns ?? meta?.columns ?? [];
  const sort = {
    by: view.sortBy ?? meta?.defaultSort.by ?? '',
    dir: view.sortDir ?? meta?.defaultSort.dir ?? 'desc',
  };
  const count = page.data?.count ?? 0;
  const pages = pageCount(count, REPORT_PAGE_SIZE);
  const rows = page.data?.rows ?? [];
  const chart = page.data?.chart;
  const failed = list.isError ? list : page.isError ? page : null;

  return (
    <>
      <Anchor component={Link} to="/relatorios" size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={14} aria-hidden />
          {t('reports.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={title}
        icon={reportIcons[report]}
        actions={
          meta && (
            <ExportMenu
              report={report}
              filters={exportFiltersOfView(view)}
              sort={sort}
              busy={exporting !== null}
              onStarted={setExporting}
            />
          )
        }
      />
      {exporting && <ExportProgress id={exporting.id} onFinished={finishExport} />}
      {list.isSuccess && !meta ? (
        <EmptyList title={t('reports.listEmpty')} />
      ) : (
        <>
          {meta && <ReportFilters filters={meta.filters} view={view} onChange={setView} />}
          {failed ? (
            <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
          ) : (
            <>
              {chart && chart.points.length > 0 && (
                <ReportChart
                  report={report}
                  chart={chart}
                  label={t('reports.chart', { name: title })}
                  choices={meta?.charts ?? []}
                  chartBy={view.chartBy ?? meta?.charts?.[0] ?? null}
                  onChartBy={(chartBy) => setView({ ...view, chartBy })}
                />
              )}
              <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
                {page.isSuccess && (
                  <Text size="sm" c="dimmed" mb="xs" data-testid="report-count">
                    {t('reports.count', { count })}
                  </Text>
                )}
                <Box
                  opacity={page.isPlaceholderData ? 0.6 : 1}
                  aria-busy={page.isFetching}
                  data-testid="report-results"
                >
                  <ReportTable
                    columns={columns}
                    rows={rows}
                    sort={sort}
                    onSort={(column) => {
                      const next = nextSort(sort, column);
                      setView({ ...view, sortBy: next.by, sortDir: next.dir, page: 1 });
                    }}
                    loading={page.isPending}
                    ticketColumn={ticketColumnOf[report]}
                  />
                </Box>
                {page.isSuccess && rows.length === 0 && (
                  <EmptyList
                    title={t('reports.empty')}
                    description={isViewFiltered(view) ? t('reports.emptyHint') : undefined}
                  />
                )}
                <PaginationFooter
                  page={view.page}
                  pages={pages}
                  onChange={(next) => setView({ ...view, page: next })}
                  data-testid="report-pagination"
                />
              </Paper>
            </>
          )}
        </>
      )}
      <RecentExports report={report} />
    </>
  );
};
