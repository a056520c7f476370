import { Badge, Box, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';
import { IconChevronDown, IconChevronUp, IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { useEarlierMessages, useEarlierTickets } from '../api/earlier-tickets-api';
import { flattenMessages } from '../api/message-cache';
import { formatDateTime } from './format-time';
import { MessageBubble } from './message-bubble';

type TEarlierProps = { ticket: TTicket; currentUserId: number | null; contactName: string };

/** One earlier ticket: its date and protocol; the conversation is read only when opened, read-only. */
const EarlierTicket = ({ ticket, currentUserId, contactName }: TEarlierProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const messages = useEarlierMessages(ticket.id, open);
  const list = useMemo(() => flattenMessages(messages.data?.pages ?? []), [messages.data]);

  return (
    <Paper withBorder radius="md" p="xs" data-testid="earlier-ticket" data-ticket-id={ticket.id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {t('conversation.history.ticket', { id: ticket.id, date: formatDateTime(ticket.createdAt) })}
          </Text>
          <Group gap={6} wrap="nowrap">
            {ticket.protocol && (
              <Text size="xs" c="dimmed" truncate data-testid="earlier-ticket-protocol">
                {t('conversation.history.protocol', { protocol: ticket.protocol })}
              </Text>
            )}
            {ticket.queue && (
              <Badge size="xs" variant="dot" color={ticket.queue.color} tt="none">
                {ticket.queue.queue}
              </Badge>
            )}
          </Group>
        </Box>
        <Button
          size="compact-xs"
          variant="subtle"
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-label={t(open ? 'conversation.history.hideLabel' : 'conversation.history.showLabel', { id: ticket.id })}
          style={{ flexShrink: 0 }}
          data-testid="earlier-ticket-toggle"
        >
          {t(open ? 'conversation.history.hide' : 'conversation.history.show')}
        </Button>
      </Group>
      {open && (
        <Stack gap={4} mt="xs" data-testid="earlier-ticket-messages">
          {messages.isError && <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />}
          {messages.hasNextPage && (
            <Center>
              <Button
                size="compact-xs"
                variant="default"
                loading={messages.isFetchingNextPage}
                onClick={() => void messages.fetchNextPage()}
              >
                {t('conversation.history.loadMore')}
              </Button>
            </Center>
          )}
          {messages.isLoading && (
            <Center>
              <Loader size="sm" />
            </Center>
          )}
          {messages.isSuccess && list.length === 0 && (
            <Text size="xs" c="dimmed" ta="center">
              {t('conversation.history.empty')}
            </Text>
          )}
          {list.map((message) => (
            <MessageBubble key={message.id} message={message} currentUserId={currentUserId} contactName={contactName} />
          ))}
        </Stack>
      )}
    </Paper>
  );
};

/**
 * Above the conversation: the contact's earlier tickets, oldest first, each collapsed with its date and
 * protocol, so a customer who comes back is answered knowing what was said before.
 */
export const EarlierTickets = ({
  ticketId,
  currentUserId,
  contactName,
}: {
  ticketId: number;
  currentUserId: number | null;
  contactName: string;
}) => {
  const { t } = useTranslation();
  const earlier = useEarlierTickets(ticketId);
  const tickets = earlier.data ?? [];
  if (tickets.length === 0) return null;
  return (
    <Stack gap="xs" px="md" pt="sm" data-testid="earlier-tickets">
      <Group gap={6}>
        <IconHistory size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {t('conversation.history.title', { count: tickets.length })}
        </Text>
      </Group>
      {[...tickets].reverse().map((ticket) => (
        <EarlierTicket key={ticket.id} ticket={ticket} currentUserId={currentUserId} contactName={contactName} />
      ))}
      <Divider label={t('conversation.history.current')} labelPosition="center" />
    </Stack>
  );
};
