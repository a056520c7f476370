import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessage, IconPhoneCall } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../app/router/route-registry';

/** `/massa/wavoip`: mass calls need the voice module; until it exists the screen says so, with no form to fail. */
export const BulkCallPage = () => {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="lg" maw={560} w="100%" data-testid="bulk-call">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconPhoneCall size={34} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {t('campaigns.voice.title')}
          </Title>
          <Text>{t('campaigns.voice.body')}</Text>
          <Text c="dimmed">{t('campaigns.voice.meanwhile')}</Text>
          <Button component={Link} to={pathFor('massa-texto')} leftSection={<IconMessage size={16} />}>
            {t('campaigns.voice.goText')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
};
