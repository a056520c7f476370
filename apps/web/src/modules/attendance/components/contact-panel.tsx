import { Badge, Center, Divider, Group, Loader, ScrollArea, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { useTicketLogs } from '../api/tickets-api';
import { formatDateTime } from './format-time';
import { TicketAvatar } from './ticket-avatar';

const Field = ({ label, value, testId }: { label: string; value: string | null; testId?: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Text>
  </div>
);

/** Known log types get a sentence; others show as they came. */
const logTypes = [
  'open',
  'pending',
  'closed',
  'transfered',
  'receivedTransfer',
  'queue',
  'userDefine',
  'chatBot',
  'autoClose',
  'retriesLimitQueue',
  'retriesLimitUserDefine',
  'access',
  'pause',
  'pauseEnd',
  'create',
];

/** Side panel of the chat: the contact's data and the ticket's history (GET /tickets/:id/logs). */
export const ContactPanel = ({ ticket }: { ticket: TTicket }) => {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticket.id, true);
  const contact = ticket.contact;

  return (
    <ScrollArea h="100%" type="auto" data-testid="contact-panel">
      <Stack gap="md" p="md">
        <Stack align="center" gap={6}>
          <TicketAvatar ticket={ticket} size={72} />
          <Title order={2} fz="h4" ta="center">
            {contact.name || ticket.name}
          </Title>
        </Stack>
        <Field label={t('attendance.contact.number')} value={contact.number} testId="contact-number" />
        <Field label={t('attendance.contact.email')} value={contact.email} testId="contact-email" />
        <Field label={t('attendance.contact.protocol')} value={ticket.protocol} testId="contact-protocol" />
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t('attendance.contact.tags')}
          </Text>
          {contact.tags.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            <Group gap={4}>
              {contact.tags.map((tag) => (
                <Badge key={tag.id} color={tag.color} variant="light" tt="none">
                  {tag.tag}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t('attendance.contact.wallets')}
          </Text>
          {contact.wallets.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            <Group gap={4}>
              {contact.wallets.map((wallet) => (
                <Badge key={wallet.id} color="gray" variant="outline" tt="none">
                  {wallet.name}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        <Divider />
        <Group gap={6}>
          <IconHistory size={16} aria-hidden />
          <Text fw={600} size="sm">
            {t('attendance.logs.title')}
          </Text>
        </Group>
        {logs.isLoading && (
          <Center>
            <Loader size="sm" />
          </Center>
        )}
        {logs.isError && <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />}
        {logs.isSuccess && logs.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('attendance.logs.empty')}
          </Text>
        )}
        {logs.isSuccess && logs.data.length > 0 && (
          <Timeline bulletSize={14} lineWidth={2} data-testid="ticket-logs">
            {logs.data.map((log) => (
              <Timeline.Item
                key={log.id}
                title={
                  <Text size="sm" fw={500}>
                    {logTypes.includes(log.type) ? t(`attendance.logs.types.${log.type}`) : log.type}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {[log.user?.name, formatDateTime(log.createdAt)].filter(Boolean).join(' · ')}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </ScrollArea>
  );
};
