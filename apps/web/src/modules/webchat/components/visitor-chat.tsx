import { Alert, Box, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVisitorMessage } from '../routes/webchat-history';
import { splitAtEnd } from './conversation-end';
import { useVisitorConversation } from './use-visitor-conversation';
import { VisitorBubble } from './visitor-bubble';
import { VisitorChoices } from './visitor-choices';
import { VisitorComposer } from './visitor-composer';

type TVisitorChatProps = { channel: string; token: string; greeting: string | null; maxFileBytes: number };

/**
 * The conversation once started: the greeting, the messages (those from the visitor's first one after the end
 * below the notice that the conversation ended), the agent typing, what went wrong, and the message box.
 */
export const VisitorChat = ({ channel, token, greeting, maxFileBytes }: TVisitorChatProps) => {
  const { t } = useTranslation();
  const conversation = useVisitorConversation({ channel, token, maxFileBytes });
  const { messages, endedAt, agentState, notice } = conversation;
  const viewport = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keep the newest message in view as messages come
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages]);

  const { beforeEnd, afterEnd } = splitAtEnd(messages, endedAt);
  const newest = messages.at(-1);
  const choices = newest && !newest.fromMe && !newest.isDeleted ? (newest.choices ?? []) : [];
  const bubble = (message: TVisitorMessage) => (
    <VisitorBubble key={message.id} message={message} onRetry={() => conversation.retry(message)} />
  );

  return (
    <Stack gap={0} h="100%">
      {!conversation.online && (
        <Alert color="warning" py={4} radius={0}>
          {t('webchat.offline')}
        </Alert>
      )}
      <ScrollArea flex={1} viewportRef={viewport} px="sm" py="xs" data-testid="webchat-messages">
        <Stack gap={6}>
          {greeting && (
            <Paper withBorder px="sm" py={6} radius="md" maw="80%">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {greeting}
              </Text>
            </Paper>
          )}
          {messages.length === 0 && !greeting && (
            <Text size="sm" c="dimmed" ta="center" mt="lg">
              {t('webchat.empty')}
            </Text>
          )}
          {beforeEnd.map(bubble)}
          {endedAt !== null && (
            <Alert color="gray" variant="light" radius="md" py={6} data-testid="webchat-ended">
              <Text size="sm">{t('webchat.ended')}</Text>
            </Alert>
          )}
          {afterEnd.map(bubble)}
          {choices.length > 0 && <VisitorChoices choices={choices} onChoose={conversation.sendText} />}
        </Stack>
      </ScrollArea>
      <Box px="sm" h={20}>
        {agentState !== 'paused' && (
          <Text size="xs" c="dimmed" data-testid="webchat-agent-typing">
            {agentState === 'recording' ? t('webchat.recording') : t('webchat.typing')}
          </Text>
        )}
      </Box>
      {notice && (
        <Text size="xs" c="negative" px="sm">
          {notice}
        </Text>
      )}
      <VisitorComposer
        onSendText={conversation.sendText}
        onSendFile={conversation.sendFile}
        onTyping={conversation.emitTyping}
      />
    </Stack>
  );
};
