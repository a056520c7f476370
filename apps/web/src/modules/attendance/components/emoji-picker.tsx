import { ActionIcon, Popover, SimpleGrid, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The emoji agents reach for most. A small fixed grid instead of a full picker package: the packages weigh
 * hundreds of KB of data for a service desk that uses a few dozen, and the OS keyboard still offers the rest.
 */
export const commonEmoji = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😊',
  '🙂',
  '😉',
  '😍',
  '🥰',
  '😘',
  '😅',
  '😂',
  '🤣',
  '😇',
  '🤔',
  '😐',
  '😕',
  '😢',
  '😭',
  '😮',
  '😱',
  '😡',
  '🙄',
  '😴',
  '👍',
  '👎',
  '👏',
  '🙏',
  '🤝',
  '👋',
  '💪',
  '👌',
  '❤️',
  '💙',
  '💚',
  '🎉',
  '✨',
  '🔥',
  '⭐',
  '✅',
  '❌',
  '⚠️',
  '📦',
  '🚚',
  '📞',
  '📅',
  '⏰',
  '💰',
];

export const EmojiPicker = ({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('attendance.composer.emoji')} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            disabled={disabled}
            aria-label={t('attendance.composer.emoji')}
            onClick={() => setOpened((current) => !current)}
            data-testid="composer-emoji"
          >
            <IconMoodSmile size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} verticalSpacing={2} role="listbox" aria-label={t('attendance.composer.emoji')}>
          {commonEmoji.map((emoji) => (
            <UnstyledButton
              key={emoji}
              role="option"
              aria-selected={false}
              aria-label={emoji}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              p={4}
              fz={20}
              lh={1}
              style={{ borderRadius: 4, textAlign: 'center' }}
              data-testid="emoji-option"
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
};
