import { ActionIcon, Box, Collapse, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TMessage } from '@prosa/contracts';
import { IconCalendarTime, IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useDeleteMessage, useScheduledMessages } from '../api/messages-api';
import { formatDateTime } from './format-time';

/** The ticket's scheduled messages (§4), collapsible above the conversation; each can be cancelled. */
export const ScheduledMessages = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const scheduled = useScheduledMessages(ticketId);
  const cancel = useDeleteMessage();
  const list: TMessage[] = scheduled.data ?? [];
  if (list.length === 0) return null;

  const onCancel = async (message: TMessage) => {
    try {
      await cancel.mutateAsync(message);
      notifySuccess(t('attendance.schedule.canceled'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Box
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="scheduled-messages"
    >
      <UnstyledButton onClick={toggle} w="100%" aria-expanded={opened}>
        <Group gap="xs" wrap="nowrap">
          <IconCalendarTime size={16} aria-hidden />
          <Text size="sm" fw={500} style={{ flex: 1 }}>
            {t('attendance.schedule.listTitle', { count: list.length })}
          </Text>
          {opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Stack gap={4} mt="xs" mah={200} style={{ overflowY: 'auto' }}>
          {list.map((message) => (
            <Group key={message.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="scheduled-message">
              <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                {formatDateTime(message.scheduleDate)}
              </Text>
              <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
                {message.body}
              </Text>
              <Tooltip label={t('attendance.schedule.cancel')}>
                <ActionIcon
                  variant="subtle"
                  color="negative"
                  size="sm"
                  aria-label={t('attendance.schedule.cancel')}
                  loading={cancel.isPending && cancel.variables?.id === message.id}
                  onClick={() => void onCancel(message)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
};
