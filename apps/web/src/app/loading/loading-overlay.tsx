import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoadingStore } from './loading-store';

export const AppLoadingOverlay = () => {
  const { t } = useTranslation();
  const { visible, message } = useLoadingStore();
  if (!visible) return null;
  return (
    <Overlay fixed center blur={2} backgroundOpacity={0.45} zIndex={4000} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" color="white" />
        <Text c="white" fw={600}>
          {message ?? t('common.loadingDefault')}
        </Text>
      </Stack>
    </Overlay>
  );
};
