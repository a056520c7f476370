import type { FormErrors } from '@mantine/form';
import { NOT_A_GROUP_NUMBER } from '@prosa/contracts';
import { i18n } from '../app/i18n/i18n';

/** What the resolver needs from a zod schema (kept structural: the web app does not depend on zod itself). */
export type TSchemaIssue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  values?: readonly unknown[];
};

export type TSafeParseSchema<T = unknown> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: readonly TSchemaIssue[] } };
};

/** Messages of the contracts' custom checks, translated by key. */
const customMessageKeys: Record<string, string> = {
  'HH:mm': 'validation.time',
  'YYYY-MM-DD': 'validation.date',
  'hex colour': 'validation.hexColor',
  'IANA time zone': 'validation.timezone',
  'required for type H': 'validation.required',
  'must be after hr1': 'validation.afterStart',
  'must be after hr3': 'validation.afterStart',
  'must not be before hr2': 'validation.notBeforeFirstEnd',
  'hr3 and hr4 go together': 'validation.pairTogether',
  'empty update': 'validation.emptyUpdate',
  'passwords differ': 'validation.passwordsDiffer',
  'must differ from hr1': 'validation.differentTimes',
  'must differ from hr3': 'validation.differentTimes',
  'the first range crosses midnight: no second range': 'validation.crossingAlone',
  'letras, números, _ . ou -, começando por letra (até 40)': 'validation.variableName',
  'nome reservado de uma variável do sistema': 'validation.reservedVariable',
  'deve estar no formato HH:MM': 'validation.time',
  'deve ser depois do início da janela': 'validation.afterStart',
  'informe ao menos uma mensagem (ou o template)': 'validation.required',
  'informe ao menos uma mensagem': 'validation.required',
  [NOT_A_GROUP_NUMBER]: 'validation.groupPhone',
};

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The user-facing text of one validation issue (pt-BR or en, never zod's own English). */
export const translateIssue = (issue: TSchemaIssue): string => {
  const count = Number(issue.minimum ?? issue.maximum ?? 0);
  if (issue.code !== 'custom' && isEmpty(issue.input) && 'input' in issue) return i18n.t('validation.required');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return count <= 1 ? i18n.t('validation.required') : i18n.t('validation.minLength', { count });
      if (issue.origin === 'array') return i18n.t('validation.minItems', { count });
      return i18n.t('validation.minValue', { count });
    case 'too_big':
      if (issue.origin === 'string') return i18n.t('validation.maxLength', { count });
      if (issue.origin === 'array') return i18n.t('validation.maxItems', { count });
      return i18n.t('validation.maxValue', { count });
    case 'invalid_format':
      if (issue.format === 'email') return i18n.t('validation.email');
      if (issue.format === 'datetime') return i18n.t('validation.date');
      return i18n.t(customMessageKeys[issue.message] ?? 'validation.invalid');
    case 'invalid_type':
      return isEmpty(issue.input) ? i18n.t('validation.required') : i18n.t('validation.invalid');
    case 'invalid_value':
      return issue.values?.length === 1 && issue.values[0] === true
        ? i18n.t('validation.mustAccept')
        : i18n.t('validation.invalid');
    default:
      return i18n.t(customMessageKeys[issue.message] ?? 'validation.invalid');
  }
};

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown => {
  let node = root;
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
};

/** Mantine form path of an issue: `businessHours.2.hr1`. */
export const issuePath = (issue: TSchemaIssue): string => issue.path.map((part) => String(part)).join('.');

/**
 * Mantine form resolver for a contracts schema. `toBody` turns the form values into the request body the
 * schema describes (e.g. drop an empty password); issue paths must then match the form's field names.
 */
export const zodResolver =
  <TValues>(schema: TSafeParseSchema, toBody: (values: TValues) => unknown = (values) => values) =>
  (values: TValues): FormErrors => {
    const body = toBody(values);
    const result = schema.safeParse(body);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issuePath(issue) || 'root';
      // zod leaves the offending value out of its issues: look it up, so empty fields read "required".
      if (!(path in errors)) errors[path] = translateIssue({ ...issue, input: valueAt(body, issue.path) });
    }
    return errors;
  };
