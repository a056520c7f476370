import { Menu, Switch } from '@mantine/core';
import { IconBell, IconVolume } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../app/session/session-store';
import { getStoredUser } from '../../../app/session/storage';
import { saveUserConfigs } from '../save-user-configs';
import { alertSettingsOf } from './new-message-alert';

const permissionNow = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** The profile menu's switches for new-message alerts: sound, and desktop notifications (asks permission). */
export const AlertSettingsItems = () => {
  const { t } = useTranslation();
  const userId = useSessionStore((state) => state.userId);
  const [settings, setSettings] = useState(() => alertSettingsOf(getStoredUser()?.configs));

  const toggleSound = () => {
    const sound = !settings.sound;
    setSettings({ ...settings, sound });
    void saveUserConfigs(userId, { notificationSound: sound });
  };
  // On only when the browser allows it too: a switch that shows on while nothing can appear would lie.
  const [permission, setPermission] = useState(permissionNow);
  const desktopOn = settings.desktop && permission === 'granted';
  const toggleDesktop = async () => {
    const desktop = !desktopOn;
    if (desktop && typeof Notification !== 'undefined' && Notification.permission === 'default')
      setPermission(await Notification.requestPermission().catch(() => 'denied' as const));
    setSettings({ ...settings, desktop });
    void saveUserConfigs(userId, { desktopNotification: desktop });
  };

  return (
    <>
      <Menu.Item
        leftSection={<IconVolume size={16} />}
        closeMenuOnClick={false}
        onClick={toggleSound}
        rightSection={<Switch size="xs" checked={settings.sound} readOnly tabIndex={-1} aria-hidden />}
        data-testid="toggle-alert-sound"
      >
        {t('conversation.alerts.sound')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconBell size={16} />}
        closeMenuOnClick={false}
        onClick={() => void toggleDesktop()}
        rightSection={<Switch size="xs" checked={desktopOn} readOnly tabIndex={-1} aria-hidden />}
        data-testid="toggle-alert-desktop"
      >
        {t('conversation.alerts.desktop')}
      </Menu.Item>
    </>
  );
};
