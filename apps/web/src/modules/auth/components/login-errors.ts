import { describeApiError, getErrorCode, wasErrorShown } from '../../../app/http/errors';
import { i18n } from '../../../app/i18n/i18n';
import { notifyError } from '../../../app/notify';

/** Login failures with their own texts (spec 8); everything else goes through the catalogue. */
const licenseMessages: Record<string, string> = {
  INVALID_LICENSE: 'auth.errors.invalidLicense',
  INVALID_DOMAIN: 'auth.errors.invalidDomain',
  LICENSE_ERROR: 'auth.errors.licenseError',
};

export const showLoginError = (error: unknown): void => {
  if (wasErrorShown(error)) return;
  const code = getErrorCode(error);
  if (code === 'ERROR_NO_PERMISSION_API_ADMIN') {
    notifyError(code, { title: i18n.t('auth.errors.notAuthorized') });
    return;
  }
  const licenseKey = code ? licenseMessages[code] : undefined;
  notifyError(licenseKey ? i18n.t(licenseKey) : describeApiError(error));
};
