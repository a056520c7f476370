import { createHash } from 'node:crypto';

/**
 * A job id derived from a key: the same key gives the same id, so a second enqueue with it is ignored while the
 * first job is kept (pending, running, or finished within the retention window).
 */
export const jobIdForKey = (definition: string, key: string): string => {
  const hex = createHash('sha256').update(`${definition}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
