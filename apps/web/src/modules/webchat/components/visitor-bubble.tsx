import { Group, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TVisitorMessage } from '../routes/webchat-history';
import { VisitorMedia } from './visitor-media';

/** The visitor's own message: a clock while it travels, one tick delivered, two blue ticks read. */
const StatusTick = ({ status }: { status: string }) => {
  if (status === 'pending') return <IconClock size={12} aria-hidden />;
  if (status === 'failed') return <IconAlertCircle size={12} aria-hidden />;
  if (status === 'read') return <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-hidden />;
  return <IconCheck size={14} aria-hidden />;
};

/** One message of the conversation; a failed one of the visitor's is sent again on a click. */
export const VisitorBubble = ({ message, onRetry }: { message: TVisitorMessage; onRetry: () => void }) => {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const status = message.local ?? message.status;
  const label = (t(`webchat.status.${status}`, { defaultValue: '' }) as string) || null;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid={mine ? 'webchat-mine' : 'webchat-theirs'}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        withBorder={!mine}
        bg={mine ? 'var(--mantine-color-primary-1)' : undefined}
        onClick={message.local === 'failed' ? onRetry : undefined}
        style={message.local === 'failed' ? { cursor: 'pointer' } : undefined}
      >
        <VisitorMedia message={message} />
        {(message.isDeleted || message.edition || message.body) && (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            fs={message.isDeleted ? 'italic' : undefined}
          >
            {message.isDeleted ? t('webchat.deleted') : (message.edition ?? message.body)}
          </Text>
        )}
        <Group gap={6} justify="flex-end">
          {message.edition && !message.isDeleted && (
            <Text size="xs" c="dimmed">
              {t('webchat.edited')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {new Date(message.timestamp).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}
          </Text>
          {mine && label && (
            <Group gap={2} wrap="nowrap" c={status === 'failed' ? 'negative' : 'dimmed'}>
              <StatusTick status={status} />
              <Text size="xs" c="inherit" data-testid="webchat-status">
                {status === 'failed' ? t('webchat.failed') : label}
              </Text>
            </Group>
          )}
        </Group>
      </Paper>
    </Group>
  );
};
