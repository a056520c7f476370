import { describe, expect, it } from 'vitest';
import { isTenantUsable } from './auth/tenant-status.js';
import { ConfigError, loadConfig } from './config.js';
import { localDayAndMinutes } from './local-time.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, seedDemo: false, publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toMatch(/data$/);
  });
  it('names every bad variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres: or postgresql:');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    }
  });
  it('keeps the heap to twice its live data unless told otherwise', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });
  it("recomputes a tenant's figures every five seconds unless told otherwise", () => {
    expect(loadConfig({}).figuresWindowMs).toBe(5_000);
    expect(loadConfig({ FIGURES_WINDOW_MS: '1000' }).figuresWindowMs).toBe(1_000);
    expect(() => loadConfig({ FIGURES_WINDOW_MS: '0' })).toThrow(/FIGURES_WINDOW_MS/);
  });
  it('reads flags and lists', () => {
    const config = loadConfig({
      SEED_DEMO: '1',
      CORS_ORIGINS: 'https://a.test, https://b.test',
      PUBLIC_URL: 'https://x.test/',
    });
    expect(config.seedDemo).toBe(true);
    expect(config.corsOrigins).toEqual(['https://a.test', 'https://b.test']);
    expect(config.publicUrl).toBe('https://x.test');
  });
});

describe('local time', () => {
  it('converts to the tenant time zone', () => {
    // 2026-11-22 is a Sunday; 02:30 UTC is Saturday 23:30 in São Paulo (UTC-3).
    expect(localDayAndMinutes(new Date('2026-11-22T02:30:00Z'), 'America/Sao_Paulo')).toEqual({
      dayOfWeek: 6,
      minutes: 23 * 60 + 30,
    });
    expect(localDayAndMinutes(new Date('2026-11-22T02:30:00Z'), 'UTC')).toEqual({ dayOfWeek: 0, minutes: 150 });
  });
});

describe('tenant status', () => {
  it('lets active tenants and unexpired trials in', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isTenantUsable({ status: 'active', trialEndsAt: null }, now)).toBe(true);
    expect(isTenantUsable({ status: 'trial', trialEndsAt: new Date('2026-11-23') }, now)).toBe(true);
    expect(isTenantUsable({ status: 'trial', trialEndsAt: new Date('2026-11-21') }, now)).toBe(false);
    expect(isTenantUsable({ status: 'inactive', trialEndsAt: null }, now)).toBe(false);
  });
});
