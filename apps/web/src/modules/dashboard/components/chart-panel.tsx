import { Center, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TDashboard, TDashboardPanel } from '@prosa/contracts';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../ui/echart';
import { panelHasData, panelOption, panelTitle } from './chart-options';

const HEIGHT = 300;

/** One chart of the dashboard in its frame: a skeleton while loading, a short note when the period has nothing. */
export const ChartPanel = ({ panel, data }: { panel: TDashboardPanel; data: TDashboard | undefined }) => {
  const { t } = useTranslation();
  const title = panelTitle(panel, data, t);
  const hasData = data ? panelHasData(panel, data) : false;
  const option = useMemo(() => (data && hasData ? panelOption(panel, data, t) : null), [panel, data, hasData, t]);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`dashboard-panel-${panel}`}>
      <Title order={2} fz="md" fw={600} mb="sm">
        {title}
      </Title>
      {!data ? (
        <Skeleton height={HEIGHT} radius="sm" />
      ) : option ? (
        <EChart option={option} height={HEIGHT} aria-label={title} data-testid={`dashboard-chart-${panel}`} />
      ) : (
        <Center h={HEIGHT}>
          <Stack align="center" gap={4}>
            <IconChartBar size={28} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('dashboard.empty')}
            </Text>
          </Stack>
        </Center>
      )}
    </Paper>
  );
};
