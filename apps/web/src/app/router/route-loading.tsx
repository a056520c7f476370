import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows while its code arrives: the layout around it stays, a loader takes its place. */
export const RouteLoading = () => {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={200} data-testid="route-loading">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
};

export const WithRouteLoading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<RouteLoading />}>{children}</Suspense>
);
