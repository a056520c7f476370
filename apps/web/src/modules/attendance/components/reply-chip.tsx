import { Box, CloseButton, Group, Text } from '@mantine/core';
import type { TMessage, TTicket } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

/** The message being answered, above the composer, with a button to give up the reply. */
export const ReplyChip = ({
  replyTo,
  ticket,
  onCancel,
}: {
  replyTo: TMessage;
  ticket: TTicket;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="sm"
      py={4}
      data-testid="reply-chip"
      style={{ borderLeft: '3px solid var(--mantine-color-primary-6)', borderRadius: 4 }}
      bg="var(--mantine-color-default-hover)"
    >
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600} c="primary">
          {t('attendance.composer.replyingTo', {
            name: replyTo.fromMe ? t('attendance.message.you') : ticket.contact.name || ticket.name,
          })}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {replyTo.edition ?? replyTo.body}
        </Text>
      </Box>
      <CloseButton size="sm" aria-label={t('attendance.composer.cancelReply')} onClick={onCancel} />
    </Group>
  );
};
