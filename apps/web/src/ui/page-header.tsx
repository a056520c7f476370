import { Group, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TPageHeaderProps = { title: string; icon?: Icon; actions?: ReactNode };

/** Screen title as the page's single <h1>. */
export const PageHeader = ({ title, icon: ScreenIcon, actions }: TPageHeaderProps) => (
  <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
    <Group gap="sm" wrap="nowrap">
      {ScreenIcon && (
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <ScreenIcon size={20} />
        </ThemeIcon>
      )}
      <Title order={1} fz={{ base: 'h3', md: 'h2' }}>
        {title}
      </Title>
    </Group>
    {actions && <Group gap="sm">{actions}</Group>}
  </Group>
);
