import { z } from 'zod';

/**
 * The variables every text sent to a customer may carry (farewell, rating, absence message, birthday,
 * scheduled message, quick reply): `{{name}}`, `{{greeting}}`, ... plus the tenant's own variables.
 */
export const BUILT_IN_VARIABLES = [
  'name',
  'greeting',
  'protocol',
  'email',
  'phoneNumber',
  'user',
  'userEmail',
  'queue',
  'kanban',
] as const;
export type TBuiltInVariable = (typeof BUILT_IN_VARIABLES)[number];

/** Values for one text; a key left out keeps its `{{key}}` visible. */
export type TVariableValues = Partial<Record<TBuiltInVariable, string>> & Record<string, string | undefined>;

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Greeting by the hour, as the family's `{{greeting}}`: Bom dia (6-11 h), Boa tarde (12-17 h), Boa noite. */
export const greetingFor = (hour: number): string => {
  if (hour >= 6 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
};

/** The hour (0-23) on the wall clock of `timeZone` at `at`. */
export const hourIn = (timeZone: string, at: Date): number =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone }).format(at)) % 24;

const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The variable names a text uses, in order, without repeats. */
export const findVariables = (text: string): string[] => [
  ...new Set([...text.matchAll(VARIABLE)].map((m) => m[1] ?? '')),
];

/**
 * Fills `{{name}}`, `{{protocol}}`, `{{greeting}}` ... in a text for a customer. `{{greeting}}` follows the
 * tenant's zone unless a value is given. Unknown variables stay as written, so a typo is visible instead of
 * silently blank.
 */
export const fillVariables = (
  text: string,
  values: TVariableValues,
  options: { timeZone?: string; at?: Date } = {},
): string => {
  const greeting =
    values.greeting ?? greetingFor(hourIn(options.timeZone ?? DEFAULT_TIME_ZONE, options.at ?? new Date()));
  const all: Record<string, string | undefined> = { ...values, greeting };
  return text.replace(VARIABLE, (whole, key: string) => all[key] ?? whole);
};

/** A tenant's own variable name: letters, digits, `_`, `.` or `-`, starting with a letter; not a built-in one. */
export const ZVariableName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w.-]{0,39}$/, 'letras, números, _ . ou -, começando por letra (até 40)')
  .refine(
    (name) => !(BUILT_IN_VARIABLES as readonly string[]).includes(name),
    'nome reservado de uma variável do sistema',
  );

/** `/configuracoes/variaveis`: a text the tenant reuses in messages as `{{name}}`. */
export const ZTenantVariable = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTenantVariable = z.infer<typeof ZTenantVariable>;
export const ZTenantVariableBody = z.object({ name: ZVariableName, value: z.string().max(2000) });
export type TTenantVariableBody = z.infer<typeof ZTenantVariableBody>;
