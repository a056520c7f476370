import { Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchWebchatInfo, loadStoredSession, storeSession } from '../api/webchat-api';
import { VisitorChat } from '../components/visitor-chat';
import { WebchatStartForm } from '../components/webchat-start-form';

/** `/webchat/:token`: the public page a site's visitor chats on (also what the embedded widget opens). */
export const WebchatPage = () => {
  const { t } = useTranslation();
  const channel = useParams().token ?? '';
  const [token, setToken] = useState<string | null>(() => loadStoredSession(channel));
  const info = useQuery({ queryKey: ['webchat', channel], queryFn: () => fetchWebchatInfo(channel), retry: false });
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · ${info.data.appName}`;
  }, [info.data]);

  return (
    <Center mih="100dvh" p={{ base: 0, sm: 'md' }} bg="var(--mantine-color-gray-1)">
      <Paper
        withBorder
        shadow="md"
        radius="lg"
        w="100%"
        maw={480}
        h={{ base: '100dvh', sm: 640 }}
        style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Group px="md" py="sm" bg="var(--mantine-color-primary-6)" justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Title order={4} c="white" lineClamp={2}>
              {info.data?.name ?? t('webchat.title')}
            </Title>
            {info.data && (
              <Text size="xs" c="white" opacity={0.85}>
                {info.data.appName}
              </Text>
            )}
          </Stack>
          {token && (
            <Button
              size="compact-xs"
              variant="white"
              style={{ flexShrink: 0 }}
              onClick={() => {
                storeSession(channel, null);
                setToken(null);
              }}
            >
              {t('webchat.newConversation')}
            </Button>
          )}
        </Group>
        <Box flex={1} mih={0} style={{ display: 'flex', flexDirection: 'column' }}>
          {info.isPending && (
            <Center flex={1}>
              <Loader aria-label={t('webchat.loading')} />
            </Center>
          )}
          {info.isError && (
            <Center flex={1} p="lg">
              <Text c="dimmed">{t('webchat.notFound')}</Text>
            </Center>
          )}
          {info.data && !token && (
            <Box p="md">
              <WebchatStartForm channel={channel} onStarted={setToken} />
            </Box>
          )}
          {info.data && token && (
            <VisitorChat
              channel={channel}
              token={token}
              greeting={info.data.greetingMessage}
              maxFileBytes={info.data.maxFileBytes}
            />
          )}
        </Box>
      </Paper>
    </Center>
  );
};
