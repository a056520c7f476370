import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { TMonitorConnection } from '@prosa/contracts';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusColor, typeIcons } from '../../connections/components/connection-card';

export const ConnectionsList = ({ connections }: { connections: TMonitorConnection[] }) => {
  const { t } = useTranslation();
  if (connections.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('monitor.connections.empty')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} data-testid="monitor-connections">
      {connections.map((connection) => {
        const TypeIcon = typeIcons[connection.type] ?? IconPlugConnected;
        return (
          <Card key={connection.id} withBorder radius="md" padding="sm" data-testid="monitor-connection">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <TypeIcon size={18} aria-hidden />
                <Text size="sm" fw={500} truncate>
                  {connection.name}
                </Text>
              </Group>
              <Badge
                variant="light"
                color={connection.isActive ? statusColor(connection.status) : 'gray'}
                style={{ flexShrink: 0 }}
                data-testid="monitor-connection-state"
              >
                {connection.isActive
                  ? t(`connections.statuses.${connection.status}`, { defaultValue: connection.status })
                  : t('monitor.connections.inactive')}
              </Badge>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
};
