import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFastReply } from '../api/lookups-api';

type TQuickReplyListProps = {
  options: TFastReply[];
  highlight: number;
  isLoading: boolean;
  onHighlight: (index: number) => void;
  onChoose: (message: string) => void;
};

/** The quick messages matching what follows "/", floating above the composer. */
export const QuickReplyList = ({ options, highlight, isLoading, onHighlight, onChoose }: TQuickReplyListProps) => {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      pos="absolute"
      left={8}
      right={8}
      bottom="100%"
      mb={4}
      style={{ zIndex: 10, maxHeight: 280, overflowY: 'auto' }}
      role="listbox"
      aria-label={t('attendance.composer.quickReplies')}
      data-testid="quick-replies"
    >
      {options.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          {isLoading ? t('common.loading') : t('attendance.composer.noQuickReplies')}
        </Text>
      ) : (
        options.map((reply, index) => (
          <UnstyledButton
            key={reply.id}
            role="option"
            aria-selected={index === highlight}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(reply.message)}
            onMouseEnter={() => onHighlight(index)}
            w="100%"
            px="sm"
            py={6}
            bg={index === highlight ? 'var(--mantine-color-default-hover)' : undefined}
            data-testid="quick-reply-option"
          >
            <Text size="sm" fw={600}>
              /{reply.key}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {reply.message}
            </Text>
          </UnstyledButton>
        ))
      )}
    </Paper>
  );
};
