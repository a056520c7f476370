import { z } from 'zod';
import { isOpenOnWeekday, isValidTimeZone } from './business-hours.js';
import { ZDate, ZHexColor, ZTime } from './common.js';
import { systemColorLabels } from './system-colors.js';

export const weekdayLabels = [
  'Domingo',
  'Segunda-Feira',
  'Terça-Feira',
  'Quarta-Feira',
  'Quinta-Feira',
  'Sexta-Feira',
  'Sábado',
] as const;

const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One day of business hours: O open all day, C closed, H two time ranges (hr1-hr2, hr3-hr4). */
export const ZBusinessDay = z
  .object({
    day: z.number().int().min(0).max(6),
    label: z.string().max(40).optional(),
    type: z.enum(['O', 'C', 'H']),
    hr1: ZTime.optional(),
    hr2: ZTime.optional(),
    hr3: ZTime.optional(),
    hr4: ZTime.optional(),
  })
  .superRefine((day, ctx) => {
    if (day.type !== 'H') return;
    // A range whose end is before its start crosses midnight (22:00-06:00); only the day's last range may.
    if (!day.hr1 || !day.hr2) {
      ctx.addIssue({ code: 'custom', path: [day.hr1 ? 'hr2' : 'hr1'], message: 'required for type H' });
      return;
    }
    if (day.hr1 === day.hr2) ctx.addIssue({ code: 'custom', path: ['hr2'], message: 'must differ from hr1' });
    if (Boolean(day.hr3) !== Boolean(day.hr4)) {
      ctx.addIssue({ code: 'custom', path: [day.hr3 ? 'hr4' : 'hr3'], message: 'hr3 and hr4 go together' });
      return;
    }
    if (!day.hr3 || !day.hr4) return;
    if (toMinutes(day.hr2) < toMinutes(day.hr1)) {
      ctx.addIssue({ code: 'custom', path: ['hr3'], message: 'the first range crosses midnight: no second range' });
      return;
    }
    if (toMinutes(day.hr3) < toMinutes(day.hr2)) {
      ctx.addIssue({ code: 'custom', path: ['hr3'], message: 'must not be before hr2' });
    }
    if (day.hr3 === day.hr4) ctx.addIssue({ code: 'custom', path: ['hr4'], message: 'must differ from hr3' });
  });
export type TBusinessDay = z.infer<typeof ZBusinessDay>;

export const ZBusinessHours = z
  .array(ZBusinessDay)
  .length(7)
  .superRefine((days, ctx) => {
    const seen = new Set(days.map((d) => d.day));
    if (seen.size !== 7) ctx.addIssue({ code: 'custom', message: 'each weekday 0-6 exactly once' });
  });
export type TBusinessHours = z.infer<typeof ZBusinessHours>;

export const defaultBusinessHours = (): TBusinessHours =>
  weekdayLabels.map((label, day) =>
    day === 0 || day === 6
      ? { day, label, type: 'C' as const }
      : { day, label, type: 'H' as const, hr1: '08:00', hr2: '12:00', hr3: '13:00', hr4: '18:00' },
  );

/** Is the given local day/time inside the hours? dayOfWeek 0 = Sunday, minutes since midnight. */
export const isWithinBusinessHours = (hours: TBusinessHours, dayOfWeek: number, minutes: number): boolean =>
  isOpenOnWeekday(hours, dayOfWeek, minutes);

export const ZMessageBusinessHours = z.object({ messageBusinessHours: z.string().trim().min(1).max(4000) });

/** The tenant's time zone (GET/PUT /tenants/timezone/): business hours, greetings and cron runs follow it. */
export const ZTenantTimeZone = z.object({
  timezone: z.string().trim().refine(isValidTimeZone, 'deve ser um fuso horário IANA, como America/Sao_Paulo'),
});
export type TTenantTimeZone = z.infer<typeof ZTenantTimeZone>;

/** A closed day; `recurring` closes the same day and month every year (Natal, 12-25). */
export const ZHoliday = z.object({
  date: ZDate,
  name: z.string().trim().max(120).optional(),
  recurring: z.boolean().optional(),
});
export const ZHolidays = z
  .array(ZHoliday)
  .max(366)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((h, i) => {
      if (seen.has(h.date)) ctx.addIssue({ code: 'custom', path: [i, 'date'], message: 'duplicated date' });
      seen.add(h.date);
    });
  });
export type THolidays = z.infer<typeof ZHolidays>;

export const ZRating = z.object({
  scale: z
    .array(z.object({ value: z.number().int().min(0).max(5), label: z.string().trim().min(1).max(40) }))
    .length(6)
    .superRefine((items, ctx) => {
      if (new Set(items.map((i) => i.value)).size !== 6) {
        ctx.addIssue({ code: 'custom', message: 'values 0-5 exactly once' });
      }
    }),
  evaluationMessage: z.string().trim().min(1).max(1000),
  ratingStore: z.string().trim().min(1).max(1000),
  ratingStoreError: z.string().trim().min(1).max(1000),
  ratingStoreAttemp: z.string().trim().min(1).max(1000),
  /** Invalid replies answered with `ratingStoreAttemp` before the rating is dropped (0: dropped at the first). */
  attempts: z.number().int().min(0).max(5).default(2),
  /** `rated`: the ticket stays open until rated, dropped or timed out; `atOnce`: it closes when the agent closes it. */
  closeMode: z.enum(['rated', 'atOnce']).default('rated'),
  /** A rating nobody answers is given up after this many minutes (and a ticket kept open for it closes). */
  timeoutMinutes: z.number().int().min(5).max(10_080).default(1440),
});
export type TRating = z.infer<typeof ZRating>;

export const defaultRating = (): TRating => ({
  scale: [
    { value: 0, label: 'Ruim' },
    { value: 1, label: 'Regular' },
    { value: 2, label: 'Bom' },
    { value: 3, label: 'Muito Bom' },
    { value: 4, label: 'Excelente' },
    { value: 5, label: 'Incrível' },
  ],
  evaluationMessage: 'Por favor, avalie o nosso atendimento com uma nota de 0 a 5.',
  ratingStore: 'Sua avaliação foi registrada. Obrigado!',
  ratingStoreError: 'Não foi possível registrar a sua avaliação.',
  ratingStoreAttemp: 'Mais uma chance: envie um número de 0 a 5. Outros valores não são registrados.',
  attempts: 2,
  closeMode: 'rated',
  timeoutMinutes: 1440,
});

export const ZSystemColors = z
  .array(z.object({ label: z.enum(systemColorLabels) }).catchall(z.string()))
  .length(8)
  .superRefine((items, ctx) => {
    const labels = new Set<string>();
    items.forEach((item, i) => {
      const key = item.label.toLowerCase();
      const value = item[key];
      if (typeof value !== 'string' || !ZHexColor.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', path: [i, key], message: 'hex colour' });
      }
      labels.add(item.label);
    });
    if (labels.size !== 8) ctx.addIssue({ code: 'custom', message: 'each label exactly once' });
  });
