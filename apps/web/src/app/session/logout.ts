import { logout } from '../../modules/auth/api/auth-api';
import { wasErrorShown } from '../http/errors';
import { i18n } from '../i18n/i18n';
import { notifyError } from '../notify';
import { queryClient } from '../query-client';
import { disconnectRealtime } from '../realtime/socket';
import { appNavigate } from '../router/navigation';
import { pathFor } from '../router/route-registry';
import { endSession } from './session-store';

/** End the session everywhere: server (refresh cookie), realtime, storage, cached data; then the login screen. */
export const logoutAndGoToLogin = async (options: { reportFailure?: boolean } = {}): Promise<void> => {
  try {
    await logout();
  } catch (error) {
    if (options.reportFailure && !wasErrorShown(error)) notifyError(i18n.t('session.logoutError'));
  }
  disconnectRealtime();
  endSession();
  queryClient.clear();
  appNavigate(pathFor('login'), { replace: true });
};
