import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useReportList } from '../api/reports-api';
import { reportIcons } from '../components/report-icons';

/** `/relatorios`: a card for each report GET /reports lets this user run. */
export const ReportsPage = () => {
  const { t } = useTranslation();
  const list = useReportList();
  return (
    <>
      <PageHeader title={t('screens.relatorios')} icon={IconChartBar} />
      <Text c="dimmed" mb="md">
        {t('reports.listIntro')}
      </Text>
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.length === 0 && <EmptyList title={t('reports.listEmpty')} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="reports-list">
        {list.isPending &&
          Array.from({ length: 7 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <Skeleton key={index} height={116} radius="md" />
          ))}
        {(list.data ?? []).map((report) => {
          const ReportIcon = reportIcons[report.name] ?? IconChartBar;
          const title = t(`screens.${report.name}`);
          return (
            <Card
              key={report.name}
              component={Link}
              to={`/relatorios/${report.name}`}
              withBorder
              radius="md"
              padding="lg"
              aria-label={t('reports.open', { name: title })}
              data-testid={`report-card-${report.name}`}
            >
              <Group gap="sm" wrap="nowrap" mb="xs">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <ReportIcon size={20} />
                </ThemeIcon>
                <Title order={2} size="h5">
                  {title}
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {t(`reports.descriptions.${report.name}`)}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
};
