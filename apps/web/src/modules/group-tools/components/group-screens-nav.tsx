import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getRouteEntry } from '../../../app/router/route-registry';

/** The group screens, in the menu's order: the menu shows only "Grupos", so each screen links to the others. */
export const groupScreens = [
  'grupo-massagrupos',
  'grupo-massagrupos2',
  'grupo-massausuarios',
  'grupo-banlist',
  'grupo-wordlist',
  'grupo-saudacao',
  'grupo-despedida',
] as const;

export const GroupScreensNav = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap={6} mt={-8} wrap="wrap" component="nav" aria-label={t('screens.grupo')} data-testid="group-screens-nav">
      {groupScreens.map((name) => {
        const { path } = getRouteEntry(name);
        const active = pathname === path;
        return (
          <Button
            key={name}
            component={Link}
            to={path}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            aria-current={active ? 'page' : undefined}
            data-testid={`group-nav-${name}`}
          >
            {t(`screens.${name}`)}
          </Button>
        );
      })}
    </Group>
  );
};
