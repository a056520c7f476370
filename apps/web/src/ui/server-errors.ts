import { describeApiError, getFieldError, wasErrorShown } from '../app/http/errors';
import { notifyError } from '../app/notify';

type TFormLike = { setFieldError: (path: string, error: string) => void; values: object };

const hasPath = (values: object, path: string): boolean => {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
};

/**
 * Show a failed call to the user: next to the form field when the server named one the form has (spec 8),
 * otherwise as a toast, unless the HTTP layer already showed it.
 */
export const showApiError = (error: unknown, form?: TFormLike): void => {
  const fieldError = getFieldError(error);
  if (form && fieldError && hasPath(form.values, fieldError.field)) {
    form.setFieldError(fieldError.field, fieldError.message);
    return;
  }
  if (wasErrorShown(error)) return;
  notifyError(describeApiError(error));
};
