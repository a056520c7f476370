import { ActionIcon, Button, Checkbox, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { dashboardPanels, type TDashboardPanel } from '@prosa/contracts';
import { IconArrowDown, IconArrowUp, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TCustomizeDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The panels shown, in order. */
  value: TDashboardPanel[];
  onChange: (panels: TDashboardPanel[]) => void;
};

/** Every panel: the chosen ones first in their order, then the others. */
const listOf = (chosen: TDashboardPanel[]) => [...chosen, ...dashboardPanels.filter((p) => !chosen.includes(p))];

/** "Personalizar": which chart panels /home shows and in what order (checkbox and up/down per panel). */
export const CustomizeDrawer = ({ opened, onClose, value, onChange }: TCustomizeDrawerProps) => {
  const { t } = useTranslation();
  const all = listOf(value);
  const toggle = (panel: TDashboardPanel, on: boolean) =>
    onChange(on ? all.filter((p) => p === panel || value.includes(p)) : value.filter((p) => p !== panel));
  const move = (panel: TDashboardPanel, by: -1 | 1) => {
    const at = value.indexOf(panel);
    const to = at + by;
    if (at < 0 || to < 0 || to >= value.length) return;
    const next = [...value];
    next[at] = value[to] as TDashboardPanel;
    next[to] = panel;
    onChange(next);
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('dashboard.drawer.title')} size="sm">
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.drawer.hint')}
      </Text>
      <Stack gap="xs" data-testid="dashboard-customize-list">
        {all.map((panel) => {
          const name = t(`dashboard.panels.${panel}`);
          const at = value.indexOf(panel);
          return (
            <Paper key={panel} withBorder radius="sm" px="sm" py={6} data-testid={`dashboard-customize-${panel}`}>
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  label={name}
                  checked={at >= 0}
                  onChange={(event) => toggle(panel, event.currentTarget.checked)}
                  data-testid={`dashboard-customize-${panel}-check`}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('dashboard.drawer.up', { name })}
                    disabled={at <= 0}
                    onClick={() => move(panel, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('dashboard.drawer.down', { name })}
                    disabled={at < 0 || at >= value.length - 1}
                    onClick={() => move(panel, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Button
        mt="md"
        variant="subtle"
        leftSection={<IconRestore size={16} />}
        onClick={() => onChange([...dashboardPanels])}
        data-testid="dashboard-customize-reset"
      >
        {t('dashboard.drawer.reset')}
      </Button>
    </Drawer>
  );
};
