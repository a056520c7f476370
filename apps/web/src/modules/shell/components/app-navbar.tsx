import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { decideNavigation } from '../../../app/router/guards';
import { getRouteEntry } from '../../../app/router/route-registry';
import { getScreenMeta } from '../../../app/router/screens';
import { useSessionStore } from '../../../app/session/session-store';
import { groupsForProfile } from './menu-groups';

export const AppNavbar = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const { profile, token, menuVisibility } = useSessionStore();

  const groups = groupsForProfile(profile)
    .map((group) => ({
      ...group,
      // An item is shown exactly when the guard would let the user open it.
      items: group.items.filter((name) => {
        const { path } = getRouteEntry(name);
        return decideNavigation({ to: path, name, profile, token, menuVisibility }).action === 'allow';
      }),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <ScrollArea type="scroll" h="100%" component="nav" aria-label={t('menu.label')}>
      <Stack gap="md" p="sm">
        {groups.map((group) => (
          <Stack key={group.key} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`menu.groups.${group.key}`)}
            </Text>
            {group.items.map((name) => {
              const { path } = getRouteEntry(name);
              const { icon: ItemIcon, future } = getScreenMeta(name);
              const active = location.pathname === path || location.pathname.startsWith(`${path}/`);
              return (
                <NavLink
                  key={name}
                  component={Link}
                  to={path}
                  label={t(`screens.${name}`)}
                  leftSection={<ItemIcon size={18} stroke={1.6} />}
                  rightSection={
                    future ? (
                      <Badge size="xs" variant="light" color="gray" tt="none">
                        {t('menu.soon')}
                      </Badge>
                    ) : undefined
                  }
                  active={active}
                  onClick={(event) => {
                    if (!event.ctrlKey && !event.metaKey) onNavigate();
                  }}
                  data-testid={`menu-${name}`}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
};
