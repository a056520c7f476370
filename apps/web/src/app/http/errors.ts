import { errorCatalogue, isErrorCode, type TErrorBody, type TLocale } from '@prosa/contracts';
import { isAxiosError } from 'axios';
import { i18n } from '../i18n/i18n';

/** Set on an error once the HTTP layer has shown it, so screens do not show it twice. */
const shownMark = Symbol('prosa.errorShown');

type TMarkable = { [shownMark]?: boolean };

export const markErrorShown = (error: unknown): void => {
  if (error && typeof error === 'object') (error as TMarkable)[shownMark] = true;
};

export const wasErrorShown = (error: unknown): boolean =>
  Boolean(error && typeof error === 'object' && (error as TMarkable)[shownMark]);

export const currentLocale = (): TLocale => (i18n.language === 'en' ? 'en' : 'pt-BR');

export const isTimeoutError = (error: unknown): boolean =>
  isAxiosError(error) &&
  (error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message)));

/** The server's error body, when the failure carries one. */
export const getErrorBody = (error: unknown): Partial<TErrorBody> | null => {
  if (!isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  if (!data || typeof data !== 'object') return null;
  return data as Partial<TErrorBody>;
};

export const getErrorCode = (error: unknown): string | null => {
  const code = getErrorBody(error)?.error;
  return typeof code === 'string' && code.length > 0 ? code : null;
};

/** Translate a server error code through the catalogue (spec 8); unknown codes are shown as they came. */
export const translateErrorCode = (code: string, locale: TLocale = currentLocale()): string =>
  isErrorCode(code) ? errorCatalogue[code][locale] : code;

/**
 * The text a user sees for a failed call (spec 8): timeout text, catalogue text for a known code,
 * the raw code for an unknown one, and 'Ocorreu um erro não identificado.' when there is no code at all.
 */
export const describeApiError = (error: unknown, locale: TLocale = currentLocale()): string => {
  if (isTimeoutError(error)) return i18n.t('errors.timeout', { lng: locale });
  const code = getErrorCode(error);
  if (code) return translateErrorCode(code, locale);
  return i18n.t('errors.unidentified', { lng: locale });
};

/** Field-level error (a 4xx naming a `field`: validation 400, duplicate 409...), if the failure is one. */
export const getFieldError = (error: unknown): { field: string; message: string } | null => {
  const status = isAxiosError(error) ? (error.response?.status ?? 0) : 0;
  if (status < 400 || status >= 500) return null;
  const body = getErrorBody(error);
  if (!body?.field) return null;
  const code = body.error ?? '';
  const message =
    isErrorCode(code) && code !== 'ERR_VALIDATION'
      ? translateErrorCode(code)
      : (body.message ?? translateErrorCode(code));
  return { field: body.field, message };
};
