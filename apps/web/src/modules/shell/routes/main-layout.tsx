import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRealtime } from '../../../app/realtime/use-realtime';
import { useIdleReload, useProfileWatch } from '../../../app/session/use-session-watch';
import { useNewMessageAlerts } from '../alerts/use-new-message-alerts';
import { AppNavbar } from '../components/app-navbar';
import { Brand } from '../components/brand';
import { ProfileMenu } from '../components/profile-menu';
import { useConnectionAlerts } from '../components/use-connection-alerts';

/** Layout of every logged-in screen: header, grouped menu (a drawer below 1024 px) and the screen. */
export const MainLayout = () => {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useRealtime();
  useProfileWatch();
  useIdleReload();
  useConnectionAlerts();
  useNewMessageAlerts();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { md: 280, lg: 300 }, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('menu.toggle')} />
            <Brand />
          </Group>
          <ProfileMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
