import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret a caller showed (a webhook's secret or token, a signature) is the one we hold, compared in
 * constant time: how long the comparison takes tells nothing of how much of it was right.
 */
export const isSameSecret = (given: string | null | undefined, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};
