import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.js';
import { mergeMenuVisibility } from './profiles.js';
import { landingRouteName } from './routes.js';
import { defaultSystemColors, fromSystemColorList, toSystemColorList } from './system-colors.js';
import { defaultBusinessHours, isWithinBusinessHours, ZBusinessHours } from './tenant-settings.js';

describe('business hours', () => {
  const hours = defaultBusinessHours();
  it('is open inside either range of an H day and closed between them', () => {
    expect(isWithinBusinessHours(hours, 1, 8 * 60)).toBe(true);
    expect(isWithinBusinessHours(hours, 1, 12 * 60 + 30)).toBe(false);
    expect(isWithinBusinessHours(hours, 1, 17 * 60 + 59)).toBe(true);
    expect(isWithinBusinessHours(hours, 1, 18 * 60)).toBe(false);
  });
  it('treats C as closed and O as open all day', () => {
    expect(isWithinBusinessHours(hours, 0, 10 * 60)).toBe(false);
    const open = hours.map((d) => ({ ...d, type: 'O' as const }));
    expect(isWithinBusinessHours(open, 0, 3)).toBe(true);
  });
  it('rejects an empty range, a crossing first range followed by a second, and a lone hr3', () => {
    const empty = hours.map((d) => (d.day === 1 ? { ...d, hr1: '12:00', hr2: '12:00' } : d));
    expect(ZBusinessHours.safeParse(empty).error?.issues[0]?.path).toEqual([1, 'hr2']);
    const bad = hours.map((d) => (d.day === 1 ? { ...d, hr1: '13:00', hr2: '12:00' } : d));
    expect(ZBusinessHours.safeParse(bad).error?.issues[0]?.path).toEqual([1, 'hr3']);
    const night = hours.map((d) => (d.day === 1 ? { day: 1, type: 'H' as const, hr1: '22:00', hr2: '06:00' } : d));
    expect(ZBusinessHours.safeParse(night).success).toBe(true);
    const lone = hours.map((d) =>
      d.day === 1 ? { day: 1, type: 'H' as const, hr1: '08:00', hr2: '12:00', hr3: '13:00' } : d,
    );
    expect(ZBusinessHours.safeParse(lone).error?.issues[0]?.path).toEqual([1, 'hr4']);
  });
});

describe('menu visibility', () => {
  it('hides a key hidden by the tenant or by the user', () => {
    expect(mergeMenuVisibility({ campanhas: false, kanban: true }, { kanban: false, tarefas: true })).toEqual({
      campanhas: false,
      kanban: false,
      tarefas: true,
    });
  });
});

describe('system colours', () => {
  it('round-trips the labelled list of §3', () => {
    const list = toSystemColorList(defaultSystemColors);
    expect(list[0]).toEqual({ label: 'Neutral', neutral: defaultSystemColors.neutral });
    expect(fromSystemColorList(list)).toEqual(defaultSystemColors);
  });
});

describe('landing route after login (§2)', () => {
  it.each([
    ['admin', 'home-dashboard'],
    ['super', 'home-dashboard'],
    ['superadmin', 'assinatura'],
    ['supervisor', 'atendimento'],
    ['user', 'atendimento'],
  ])('%s -> %s', (profile, route) => expect(landingRouteName(profile)).toBe(route));
});

describe('error catalogue', () => {
  it('has a Portuguese and an English text and an HTTP status for every code', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry['pt-BR'].length, code).toBeGreaterThan(5);
      expect(entry.en.length, code).toBeGreaterThan(5);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
  });
});
