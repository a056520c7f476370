import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeRouteName } from '../app/router/guards';
import { pathFor } from '../app/router/route-registry';
import { getScreenMeta } from '../app/router/screens';
import { useSessionStore } from '../app/session/session-store';

/** Placeholder for a screen that a later piece of work builds (listed in docs/roadmap.md). */
export const UnderConstructionPage = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  const profile = useSessionStore((state) => state.profile);
  const menuVisibility = useSessionStore((state) => state.menuVisibility);
  const { icon: ScreenIcon, future } = getScreenMeta(name);
  const home = profile ? pathFor(homeRouteName(profile, menuVisibility)) : pathFor('login');
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="lg" maw={560} w="100%" data-testid="under-construction">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <ScreenIcon size={34} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {t(`screens.${name}`)}
          </Title>
          <Text fw={600} c="warning.8" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconBarrierBlock size={18} aria-hidden /> {t('construction.badge')}
          </Text>
          <Text c="dimmed">{t(`construction.${future ?? 'later'}`)}</Text>
          <Button component={Link} to={home} leftSection={<IconArrowLeft size={16} />}>
            {t('construction.back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
};
