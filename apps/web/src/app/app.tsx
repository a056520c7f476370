import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AppLoadingOverlay } from './loading/loading-overlay';
import { queryClient } from './query-client';
import { installCtrlClickFlag } from './router/navigation';
import { router } from './router/router';
import { syncSessionFromStorage } from './session/session-store';
import { useAppearanceStore } from './theme/appearance-store';
import { AppearanceSync } from './theme/appearance-sync';
import { buildTheme } from './theme/theme';
import { ToastsOnDemand } from './toasts-on-demand';

/** Another tab logged in or out: follow it. */
const useStorageSync = (): void => {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || ['token', 'profile', 'menuVisibility', 'userId', 'usuario'].includes(event.key)) {
        syncSessionFromStorage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
};

export const App = () => {
  const colors = useAppearanceStore((state) => state.colors);
  const theme = useMemo(() => buildTheme(colors), [colors]);
  useStorageSync();
  useEffect(installCtrlClickFlag, []);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastsOnDemand />
      <QueryClientProvider client={queryClient}>
        <AppearanceSync />
        <RouterProvider router={router} />
        <AppLoadingOverlay />
      </QueryClientProvider>
    </MantineProvider>
  );
};
