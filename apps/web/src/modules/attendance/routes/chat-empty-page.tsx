import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** /atendimento/chats (and /atendimento): nothing open yet. */
export const ChatEmptyPage = () => {
  const { t } = useTranslation();
  return (
    <Center h="100%" p="xl" data-testid="chat-empty">
      <Stack align="center" gap="sm" ta="center" maw={360}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconMessages size={38} />
        </ThemeIcon>
        <Text fw={600} fz="lg">
          {t('attendance.empty.title')}
        </Text>
        <Text c="dimmed" size="sm">
          {t('attendance.empty.text')}
        </Text>
      </Stack>
    </Center>
  );
};
