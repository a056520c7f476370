import { Menu } from '@mantine/core';
import { IconCheck, IconCircleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type TPresenceStatus, usePresenceStatus, useSetPresenceStatus } from '../api/presence-api';

export const presenceColor: Record<TPresenceStatus, string> = { online: 'positive', away: 'warning' };

/** "Disponível" / "Ausente" in the profile menu: supervisors see who is away on the monitor. */
export const PresenceItems = ({ userId }: { userId: number | null }) => {
  const { t } = useTranslation();
  const current = usePresenceStatus(userId).data ?? 'online';
  const choose = useSetPresenceStatus(userId);
  return (
    <>
      <Menu.Label>{t('profile.status')}</Menu.Label>
      {(['online', 'away'] as const).map((status) => (
        <Menu.Item
          key={status}
          leftSection={<IconCircleFilled size={10} color={`var(--mantine-color-${presenceColor[status]}-6)`} />}
          rightSection={current === status ? <IconCheck size={14} /> : null}
          onClick={() => status !== current && choose.mutate(status)}
          data-testid={`presence-${status}`}
        >
          {t(`profile.presence.${status}`)}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
};
