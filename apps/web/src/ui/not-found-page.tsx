import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconError404 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" ta="center" data-testid="not-found">
        <IconError404 size={72} stroke={1.2} aria-hidden />
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />}>
          {t('construction.back')}
        </Button>
      </Stack>
    </Center>
  );
};
