/** True when a query failed on a unique index (PostgreSQL 23505), looking through driver wrappers. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
};
