import { Badge, Button, SimpleGrid, Switch } from '@mantine/core';
import type { TDashboardPanel } from '@prosa/contracts';
import { IconAdjustmentsHorizontal, IconBroadcast, IconLayoutDashboard } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredUserId } from '../../../app/session/storage';
import { useCalendarZone } from '../../../app/tenant/time-zone';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { type TDashboardFilters, useDashboard, useDashboardRealtime } from '../api/dashboard-api';
import { readDashboardOptions, type TDashboardOptions, writeDashboardOptions } from '../api/options-storage';
import { readChartPanels, writeChartPanels } from '../api/panel-storage';
import { ChartPanel } from '../components/chart-panel';
import { CustomizeDrawer } from '../components/customize-drawer';
import { DashboardCards } from '../components/dashboard-cards';
import { DashboardFiltersBar } from '../components/dashboard-filters';
import { presetPeriod, type TPeriodPreset } from '../components/period';

type TDashboardPageProps = { now?: () => Date };

/**
 * `/home`: cards on top, the chart panels the user chose below; today's figures follow the realtime events.
 * "Today" is the tenant's day, as the server counts it, whatever this browser's zone. "Só horário de
 * atendimento" shows the first response counted in the tenant's business hours; it and the panels are kept
 * per user.
 */
export const DashboardPage = ({ now = () => new Date() }: TDashboardPageProps) => {
  const { t } = useTranslation();
  const userId = getStoredUserId();
  const [preset, setPreset] = useState<TPeriodPreset>('today');
  // The chosen queues and connections, and the custom days; a preset's days are counted on the tenant's calendar.
  const [chosen, setChosen] = useState<TDashboardFilters>({ from: '', to: '', queueIds: [], connectionIds: [] });
  const zone = useCalendarZone();
  const filters =
    preset === 'custom' ? chosen : zone === undefined ? undefined : { ...chosen, ...presetPeriod(preset, now(), zone) };
  const [panels, setPanels] = useState<TDashboardPanel[]>(() => readChartPanels(userId));
  const [options, setOptions] = useState<TDashboardOptions>(() => readDashboardOptions(userId));
  const [customizing, setCustomizing] = useState(false);
  const dashboard = useDashboard(filters);
  useDashboardRealtime();

  const changePanels = (next: TDashboardPanel[]) => {
    setPanels(next);
    writeChartPanels(userId, next);
  };
  const changeOptions = (next: TDashboardOptions) => {
    setOptions(next);
    writeDashboardOptions(userId, next);
  };
  const data = dashboard.data;
  const isEmpty = data && data.cards.ticketsCreated === 0 && data.cards.closedInPeriod === 0 && !data.cards.messagesIn;

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        icon={IconLayoutDashboard}
        actions={
          <>
            <Badge variant="light" color="teal" tt="none" size="lg" leftSection={<IconBroadcast size={14} />}>
              {t('dashboard.live')}
            </Badge>
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={() => setCustomizing(true)}
              data-testid="dashboard-customize"
            >
              {t('dashboard.customize')}
            </Button>
          </>
        }
      />
      <DashboardFiltersBar
        preset={preset}
        value={filters ?? chosen}
        onChange={(nextPreset, next) => {
          setPreset(nextPreset);
          setChosen(next);
        }}
      >
        <Switch
          label={t('dashboard.businessHoursOnly')}
          checked={options.businessHoursOnly}
          onChange={(event) => changeOptions({ ...options, businessHoursOnly: event.currentTarget.checked })}
          // Level with the inputs' boxes, below their labels.
          mb={8}
          data-testid="dashboard-business-hours"
        />
      </DashboardFiltersBar>
      {dashboard.isError && <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      <DashboardCards figures={data} businessHoursOnly={options.businessHoursOnly} />
      {isEmpty && panels.length > 0 && (
        <EmptyList title={t('dashboard.empty')} description={t('dashboard.emptyHint')} />
      )}
      {panels.length === 0 ? (
        <EmptyList
          title={t('dashboard.noPanels')}
          description={t('dashboard.noPanelsHint')}
          action={
            <Button variant="light" onClick={() => setCustomizing(true)}>
              {t('dashboard.customize')}
            </Button>
          }
        />
      ) : (
        !isEmpty && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="dashboard-panels">
            {panels.map((panel) => (
              <ChartPanel key={panel} panel={panel} data={data} />
            ))}
          </SimpleGrid>
        )
      )}
      <CustomizeDrawer
        opened={customizing}
        onClose={() => setCustomizing(false)}
        value={panels}
        onChange={changePanels}
      />
    </>
  );
};
