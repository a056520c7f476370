import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TLoginResponse } from '@prosa/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isLanguage, setLanguage } from '../../../app/i18n/i18n';
import { notifySuccess } from '../../../app/notify';
import { queryClient } from '../../../app/query-client';
import { afterLoginPath } from '../../../app/router/guards';
import { startSession, useSessionStore } from '../../../app/session/session-store';

/**
 * After login, signup or master-key access: store the session, apply the user's preferences, go back to the
 * page that was asked for (`?redirect=`) when the profile may open it, else to the profile's home.
 */
export const useCompleteLogin = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const asked = search.get('redirect');
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
      const { menuVisibility } = useSessionStore.getState();
      navigate(afterLoginPath(asked, response.profile, menuVisibility), { replace: true });
    },
    [asked, navigate, setColorScheme, t],
  );
};
