import type { z } from 'zod';

/** What a zod schema is made of, as much of zod 4's definitions as the sampler reads. */
type TDef = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: z.ZodType;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number } } }[];
};

export const defOf = (schema: z.ZodType): TDef => (schema as unknown as { _zod: { def: TDef } })._zod.def;

/** The schema under optional, nullable, default, pipes and the like: what a value is checked against. */
export const unwrap = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def.innerType as z.ZodType);
    case 'pipe':
      // z.preprocess(fn, schema) is a pipe from a transform: the schema is what checks the value.
      return unwrap((defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) as z.ZodType);
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)());
    default:
      return schema;
  }
};

export const isOptional = (schema: z.ZodType): boolean => {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
};

/** The keys of an object schema (after unwrapping), or none. */
export const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  if (!schema) return {};
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? (def.shape ?? {}) : {};
};

const stringCandidates = ['texto', 'fuzz@prosa.test', '#5c67f2', '08:00', '5511987654321', '2026-03-01', 'abcdefgh'];

/**
 * A value the schema most likely accepts: required keys only, ids from `idFor(key)` (the fixture's rows).
 * Best effort: a base to put one bad value into, so that the bad value is what the server has to refuse.
 */
export const sampleOf = (schema: z.ZodType, idFor: (key: string) => number | undefined, key = ''): unknown => {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape ?? {}))
        if (!isOptional(field)) value[name] = sampleOf(field, idFor, name);
      return value;
    }
    case 'string': {
      if (def.format === 'email') return 'fuzz@prosa.test';
      if (def.format === 'datetime') return '2030-01-01T10:00:00.000Z';
      if (def.format === 'date') return '2030-01-01';
      const min = Math.max(0, ...(def.checks ?? []).map((c) => c._zod.def.minimum ?? 0));
      const found = stringCandidates.find((candidate) => inner.safeParse(candidate).success);
      return found ?? 'x'.repeat(Math.max(min, 8));
    }
    case 'number':
    case 'int':
      return idFor(key) ?? (inner.safeParse(1).success ? 1 : 0);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array': {
      const min = Math.max(0, ...(def.checks ?? []).map((c) => c._zod.def.minimum ?? 0));
      return min > 0 ? [sampleOf(def.element as z.ZodType, idFor, key)] : [];
    }
    case 'union':
      return sampleOf((def.options ?? [])[0] as z.ZodType, idFor, key);
    case 'record':
      return {};
    case 'null':
      return null;
    default:
      return 'x';
  }
};
