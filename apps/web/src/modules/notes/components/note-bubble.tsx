import { Box, Group, Paper, Text } from '@mantine/core';
import type { TTicketNote } from '@prosa/contracts';
import { IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../attendance/components/format-time';
import { NoteActions } from './note-actions';

/**
 * An internal note in the conversation: centred, yellow, headed "Nota interna" with its author, so nobody
 * mistakes it for a message the customer sees.
 */
export const NoteBubble = ({ note }: { note: TTicketNote }) => {
  const { t } = useTranslation();
  return (
    <Box px="md" py={4} data-testid="note-bubble">
      <Paper
        radius="md"
        px="sm"
        py={6}
        maw={560}
        mx="auto"
        bg="var(--mantine-color-yellow-1)"
        c="var(--mantine-color-dark-7)"
        style={{ border: '1px dashed var(--mantine-color-yellow-6)' }}
      >
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <IconNote size={14} aria-hidden />
            <Text size="xs" fw={700}>
              {t('notes.internal')}
            </Text>
            <Text size="xs">· {note.username ?? t('notes.removedUser')}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatClock(Date.parse(note.createdAt))}
            </Text>
            <NoteActions note={note} />
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.notes}
        </Text>
      </Paper>
    </Box>
  );
};
