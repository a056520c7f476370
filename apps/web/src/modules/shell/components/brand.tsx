import { Group, Image, Text } from '@mantine/core';
import { useAppearanceStore } from '../../../app/theme/appearance-store';

/** The tenant's logo and app name (branding), or the default name. */
export const Brand = ({ size = 'md' }: { size?: 'md' | 'lg' }) => {
  const { appName, logo } = useAppearanceStore((state) => state.branding);
  const height = size === 'lg' ? 56 : 32;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="brand">
      {logo && <Image src={logo} alt={appName} h={height} w="auto" maw={size === 'lg' ? 220 : 140} fit="contain" />}
      {(!logo || size === 'md') && (
        <Text fw={800} fz={size === 'lg' ? 28 : 20} c="primary" style={{ letterSpacing: -0.5 }} truncate>
          {appName}
        </Text>
      )}
    </Group>
  );
};
