import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

/** Every key with a singular form, in the pt-BR resources (`a.b.count` for `a.b.count_one`). */
const pluralKeys = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => {
    if (value !== null && typeof value === 'object') return pluralKeys(value, `${prefix}${key}.`);
    return key.endsWith('_one') ? [`${prefix}${key.slice(0, -'_one'.length)}`] : [];
  });

describe('plural forms in Portuguese', () => {
  const keys = pluralKeys(i18n.getResourceBundle('pt-BR', 'translation'));

  it('finds the counted texts', () => {
    expect(keys).toContain('connections.platform.count');
    expect(keys.length).toBeGreaterThan(10);
  });

  it.each(keys)('%s says zero in the plural (or its own zero text), and one in the singular', (key) => {
    const options = { lng: 'pt-BR', name: 'Ana', tickets: 2 };
    const zero = i18n.exists(`${key}_zero`, { lng: 'pt-BR' }) ? `${key}_zero` : `${key}_other`;
    expect(i18n.t(key, { ...options, count: 0 })).toBe(i18n.t(zero, { ...options, count: 0 }));
    expect(i18n.t(key, { ...options, count: 1 })).toBe(i18n.t(`${key}_one`, { ...options, count: 1 }));
  });

  it('writes "0 conexões"', () => {
    expect(i18n.t('connections.platform.count', { lng: 'pt-BR', count: 0 })).toBe('0 conexões');
  });
});
