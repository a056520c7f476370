import { fillVariables } from '@prosa/contracts';

export { greetingFor } from '@prosa/contracts';

/** Kept for the callers that fill a text with `{ timezone }`; the helper lives in `@prosa/contracts`. */
export const fillTemplate = (
  text: string,
  values: Record<string, string>,
  options: { timezone?: string; at?: Date } = {},
): string => fillVariables(text, values, { timeZone: options.timezone, at: options.at });
