import { Badge, Card, Table, Text } from '@mantine/core';
import type { TMonitorAgent, TMonitorAgentState } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { formatElapsed, secondsSince } from './elapsed';

const stateColor: Record<TMonitorAgentState, string> = { online: 'positive', away: 'warning', offline: 'gray' };
const stateOrder: Record<TMonitorAgentState, number> = { online: 0, away: 1, offline: 2 };

/** Online agents first, then away, then offline; by name within each. */
const byState = (a: TMonitorAgent, b: TMonitorAgent) =>
  stateOrder[a.state] - stateOrder[b.state] || a.name.localeCompare(b.name);

export const AgentsTable = ({ agents, now }: { agents: TMonitorAgent[]; now: number }) => {
  const { t } = useTranslation();
  if (agents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('monitor.agents.empty')}
      </Text>
    );
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" highlightOnHover data-testid="monitor-agents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitor.agents.name')}</Table.Th>
              <Table.Th>{t('monitor.agents.state')}</Table.Th>
              <Table.Th ta="right">{t('monitor.agents.openTickets')}</Table.Th>
              <Table.Th>{t('monitor.agents.lastAnswer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...agents].sort(byState).map((agent) => (
              <Table.Tr key={agent.id} data-testid="monitor-agent">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {agent.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`profiles.${agent.profile}`, { defaultValue: agent.profile })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={stateColor[agent.state]} data-testid="monitor-agent-state">
                    {t(`monitor.agents.states.${agent.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{agent.openTickets}</Table.Td>
                <Table.Td>
                  {agent.lastAnswerAt ? (
                    <Text size="sm">
                      {t('monitor.ago', { time: formatElapsed(secondsSince(agent.lastAnswerAt, now), t) })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('monitor.agents.noAnswer')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
};
