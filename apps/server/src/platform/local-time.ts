const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Weekday (0 = Sunday) and minutes since midnight of `date` in the IANA time zone `timeZone`. */
export const localDayAndMinutes = (date: Date, timeZone: string): { dayOfWeek: number; minutes: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { dayOfWeek: weekdays[get('weekday')] ?? 0, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
};
