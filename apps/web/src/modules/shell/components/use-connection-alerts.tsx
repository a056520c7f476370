import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../app/access/can';
import { translateErrorCode } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { onSessionEvent } from '../../../app/realtime/socket';

/**
 * Admins hear when a connection goes down (a toast that stays until closed, with the reason and a link to
 * /sessoes) and when it comes back (which replaces it). Agents are not bothered: their failed messages say it.
 */
export const useConnectionAlerts = (): void => {
  const { t } = useTranslation();
  const isAdmin = useCan('connections.manage');
  // Toasts render outside the router: the link navigates through the hook's navigate, not a <Link>.
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAdmin) return;
    return onSessionEvent(({ session, turn }) => {
      const id = `connection-turn-${session.id}`;
      if (turn === 'down') {
        const reason = session.lastError ? translateErrorCode(session.lastError) : '';
        notifyError(
          <Stack gap={4} data-testid="connection-down-alert">
            <Text size="sm">{t('connectionAlerts.down', { name: session.name, reason })}</Text>
            <Text size="sm" c="dimmed">
              {t('connectionAlerts.downHint')}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => {
                notifications.hide(id);
                void navigate('/sessoes');
              }}
            >
              {t('connectionAlerts.open')}
            </Anchor>
          </Stack>,
          { id, title: t('connectionAlerts.downTitle'), autoClose: false },
        );
      } else if (turn === 'up') {
        notifications.hide(id);
        notifySuccess(t('connectionAlerts.up', { name: session.name }), { id: `${id}-up` });
      }
    });
  }, [isAdmin, t, navigate]);
};
