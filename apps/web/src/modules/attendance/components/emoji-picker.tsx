import { ActionIcon, Box, Group, Loader, Popover, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { type EmojiPickerListComponents, EmojiPicker as Picker } from 'frimousse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readRecentEmoji, rememberEmoji } from './recent-emoji';

/** The emoji data is served by our own origin (copied from emojibase-data at build time), never by a CDN. */
export const emojibaseUrl = () => `${window.location.origin}/emojibase`;

const columns = 8;
const cell = 34;

/** How the picker's list looks (frimousse renders only what is in view). */
const listComponents: EmojiPickerListComponents = {
  CategoryHeader: ({ category, ...props }) => (
    <div
      {...props}
      style={{
        ...props.style,
        padding: '6px 8px 2px',
        fontSize: 12,
        fontWeight: 600,
        color: 'var(--mantine-color-dimmed)',
        background: 'var(--mantine-color-body)',
      }}
    >
      {category.label}
    </div>
  ),
  Row: ({ children, ...props }) => (
    <div {...props} style={{ ...props.style, paddingInline: 8 }}>
      {children}
    </div>
  ),
  Emoji: ({ emoji, ...props }) => (
    <button
      {...props}
      type="button"
      aria-label={emoji.label}
      onMouseDown={(event) => event.preventDefault()}
      style={{
        width: cell,
        height: cell,
        fontSize: 20,
        border: 0,
        borderRadius: 4,
        cursor: 'pointer',
        background: emoji.isActive ? 'var(--mantine-color-default-hover)' : 'transparent',
      }}
      data-testid="emoji-option"
    >
      {emoji.emoji}
    </button>
  ),
};

const RecentRow = ({ recent, onPick }: { recent: string[]; onPick: (emoji: string) => void }) => {
  const { t } = useTranslation();
  if (recent.length === 0) return null;
  return (
    <Box px={8} pt={6} data-testid="emoji-recent">
      <Text size="xs" c="dimmed" fw={600}>
        {t('attendance.composer.emojiRecent')}
      </Text>
      <Group gap={0} wrap="wrap">
        {recent.slice(0, columns * 2).map((emoji) => (
          <UnstyledButton
            key={emoji}
            aria-label={emoji}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(emoji)}
            w={cell}
            h={cell}
            fz={20}
            style={{ borderRadius: 4, textAlign: 'center' }}
            data-testid="emoji-recent-option"
          >
            {emoji}
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
};

/**
 * The composer's emoji button: every emoji with search in the user's language (pt-BR names), the recently
 * picked ones first. Arrow keys move through the list from the search box; Enter picks; Esc closes.
 */
export const EmojiPicker = ({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) => {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [recent, setRecent] = useState<string[]>(readRecentEmoji);
  const pick = (emoji: string) => {
    setRecent(rememberEmoji(emoji));
    onPick(emoji);
    setOpened(false);
  };
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
            aria-expanded={opened}
            onClick={() => setOpened((current) => !current)}
            data-testid="composer-emoji"
          >
            <IconMoodSmile size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Picker.Root
          locale={i18n.language === 'en' ? 'en' : 'pt'}
          emojibaseUrl={emojibaseUrl()}
          columns={columns}
          onEmojiSelect={({ emoji }) => pick(emoji)}
          style={{ display: 'flex', flexDirection: 'column', width: columns * cell + 16, height: 360 }}
          data-testid="emoji-picker"
        >
          <Box p={8} pb={0}>
            <Picker.Search
              autoFocus
              placeholder={t('attendance.composer.emojiSearch')}
              aria-label={t('attendance.composer.emojiSearch')}
              className="mantine-focus-auto"
              style={{
                width: '100%',
                padding: '6px 10px',
                borderRadius: 6,
                border: '1px solid var(--mantine-color-default-border)',
                background: 'var(--mantine-color-body)',
                color: 'var(--mantine-color-text)',
                font: 'inherit',
              }}
              data-testid="emoji-search"
            />
          </Box>
          <RecentRow recent={recent} onPick={pick} />
          <Picker.Viewport style={{ position: 'relative', flex: 1, outline: 'none' }}>
            <Picker.Loading>
              <Group justify="center" p="md">
                <Loader size="sm" />
              </Group>
            </Picker.Loading>
            <Picker.Empty>
              <Text size="sm" c="dimmed" ta="center" p="md">
                {t('attendance.composer.emojiNone')}
              </Text>
            </Picker.Empty>
            <Picker.List style={{ paddingBottom: 8, userSelect: 'none' }} components={listComponents} />
          </Picker.Viewport>
        </Picker.Root>
      </Popover.Dropdown>
    </Popover>
  );
};
