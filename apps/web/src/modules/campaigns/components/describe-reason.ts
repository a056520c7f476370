import { translateErrorCode } from '../../../app/http/errors';

/**
 * A failure or pause reason as the user reads it: the engine reports catalogue codes (ERR_…), translated
 * here like any server error; a provider's own text is shown as it came.
 */
export const describeReason = (reason: string): string =>
  /^ERR_[A-Z0-9_]+$/.test(reason) ? translateErrorCode(reason) : reason;
