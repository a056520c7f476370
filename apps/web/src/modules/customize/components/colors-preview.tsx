import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TColorMap } from '../../../app/theme/palette';

/** How the colours look together before saving (buttons, badges, a header and a toast). */
export const ColorsPreview = ({ colors, appName }: { colors: TColorMap; appName: string }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="colors-preview">
      <Box bg={colors.primary} px="md" py="sm">
        <Text fw={700} c={colors.light}>
          {appName}
        </Text>
      </Box>
      <Stack p="md" gap="sm" bg={colors.light}>
        <Group gap="xs">
          <Button size="xs" color={colors.primary}>
            {t('customize.colors.primary')}
          </Button>
          <Button size="xs" color={colors.secondary}>
            {t('customize.colors.secondary')}
          </Button>
          <Button size="xs" color={colors.accent}>
            {t('customize.colors.accent')}
          </Button>
        </Group>
        <Group gap="xs">
          <Badge color={colors.positive}>{t('customize.colors.positive')}</Badge>
          <Badge color={colors.warning} autoContrast>
            {t('customize.colors.warning')}
          </Badge>
          <Badge color={colors.negative}>{t('customize.colors.negative')}</Badge>
          <Badge color={colors.neutral} autoContrast>
            {t('customize.colors.neutral')}
          </Badge>
        </Group>
        <Paper p="xs" radius="sm" style={{ borderLeft: `4px solid ${colors.negative}` }} bg="white">
          <Text size="sm" c="dark">
            {t('customize.previewToast')}
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
};
