import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { landingRouteName, type TLoginResponse } from '@prosa/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isLanguage, setLanguage } from '../../../app/i18n/i18n';
import { notifySuccess } from '../../../app/notify';
import { queryClient } from '../../../app/query-client';
import { pathFor } from '../../../app/router/route-registry';
import { startSession } from '../../../app/session/session-store';

/** After login, signup or master-key access: store the session, apply the user's preferences, go to the landing screen. */
export const useCompleteLogin = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  return useCallback(
    async (response: TLoginResponse) => {
      queryClient.clear();
      startSession(response);
      if (typeof response.configs.isDark === 'boolean') setColorScheme(response.configs.isDark ? 'dark' : 'light');
      if (isLanguage(response.configs.language)) await setLanguage(response.configs.language);
      // The guard's 'Necessário realizar login' notice is out of date now.
      notifications.hide('guard.loginRequired');
      notifySuccess(t('auth.loginSuccess'));
      navigate(pathFor(landingRouteName(response.profile)), { replace: true });
    },
    [navigate, setColorScheme, t],
  );
};
