import { Avatar, Group, Indicator, Menu, Switch, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconChevronDown, IconInfoCircle, IconLanguage, IconLogout, IconMoon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, setLanguage, type TLanguage } from '../../../app/i18n/i18n';
import { logoutAndGoToLogin } from '../../../app/session/logout';
import { useSessionStore } from '../../../app/session/session-store';
import { useAppVersion } from '../../auth/api/auth-api';
import { AlertSettingsItems } from '../alerts/alert-settings';
import { usePresenceStatus } from '../api/presence-api';
import { saveUserConfigs } from '../save-user-configs';
import { PresenceItems, presenceColor } from './presence-items';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

export const ProfileMenu = () => {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { username, userId } = useSessionStore();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const version = useAppVersion(opened);
  const presence = usePresenceStatus(userId).data ?? 'online';
  const isDark = colorScheme === 'dark';
  const current: TLanguage = isLanguage(i18n.language) ? i18n.language : 'pt-BR';

  const toggleDark = () => {
    const next = !isDark;
    setColorScheme(next ? 'dark' : 'light');
    void saveUserConfigs(userId, { isDark: next });
  };

  const changeLanguage = (language: TLanguage) => {
    void setLanguage(language);
    void saveUserConfigs(userId, { language });
  };

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={240} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="profile-menu" aria-label={t('profile.open')}>
          <Group gap="xs" wrap="nowrap">
            <Indicator color={presenceColor[presence]} offset={4} size={10} withBorder position="bottom-end">
              <Avatar color="primary" radius="xl" size="md">
                {initialsOf(username)}
              </Avatar>
            </Indicator>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {username}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{username}</Menu.Label>
        <PresenceItems userId={userId} />
        <Menu.Item
          leftSection={<IconMoon size={16} />}
          closeMenuOnClick={false}
          onClick={toggleDark}
          rightSection={<Switch size="xs" checked={isDark} readOnly tabIndex={-1} aria-hidden />}
          data-testid="toggle-dark"
        >
          {t('profile.darkMode')}
        </Menu.Item>
        <AlertSettingsItems />
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6}>
            <IconLanguage size={14} /> {t('profile.language')}
          </Group>
        </Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => changeLanguage(language)}
            rightSection={language === current ? <IconCheck size={14} /> : null}
            data-testid={`language-${language}`}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconInfoCircle size={16} />} disabled>
          {t('profile.version', { version: version.data ?? '…' })}
        </Menu.Item>
        <Menu.Item
          color="negative"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logoutAndGoToLogin()}
          data-testid="logout"
        >
          {t('profile.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
