/** Greeting by the hour, as the family's `{{greeting}}`: Bom dia (6-11 h), Boa tarde (12-17 h), Boa noite. */
export const greetingFor = (hour: number): string => {
  if (hour >= 6 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
};

const hourIn = (timezone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone: timezone }).format(at)) % 24;

/**
 * Fills `{{name}}`, `{{protocol}}`, `{{greeting}}` ... in a farewell, greeting or campaign text. Unknown
 * variables stay as written, so a typo is visible instead of silently blank.
 */
export const fillTemplate = (
  text: string,
  values: Record<string, string>,
  options: { timezone?: string; at?: Date } = {},
): string => {
  const all: Record<string, string> = {
    greeting: greetingFor(hourIn(options.timezone ?? 'America/Sao_Paulo', options.at ?? new Date())),
    ...values,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => all[key] ?? whole);
};
