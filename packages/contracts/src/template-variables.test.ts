import { describe, expect, it } from 'vitest';
import { fillVariables, findVariables, greetingFor } from './template-variables.js';

describe('template variables', () => {
  it('fills the known variables and leaves unknown ones visible', () => {
    const text = '{{greeting}}, {{name}}! Protocolo {{protocol}} na fila {{queue}} {{nope}}';
    const at = new Date('2026-03-10T13:00:00Z'); // 10:00 in São Paulo
    expect(fillVariables(text, { name: 'Ana', protocol: '42', queue: 'Vendas' }, { at })).toBe(
      'Bom dia, Ana! Protocolo 42 na fila Vendas {{nope}}',
    );
  });

  it('says the greeting on the wall clock of the tenant zone', () => {
    const at = new Date('2026-03-10T13:00:00Z');
    expect(fillVariables('{{greeting}}', {}, { at, timeZone: 'America/Sao_Paulo' })).toBe('Bom dia');
    expect(fillVariables('{{greeting}}', {}, { at, timeZone: 'Asia/Tokyo' })).toBe('Boa noite'); // 22:00
    expect(fillVariables('{{greeting}}', {}, { at, timeZone: 'Europe/Lisbon' })).toBe('Boa tarde'); // 13:00
  });

  it('keeps an empty value empty and a missing one visible', () => {
    expect(fillVariables('[{{email}}] [{{kanban}}]', { email: '' })).toBe('[] [{{kanban}}]');
  });

  it('lists the variables a text uses once each', () => {
    expect(findVariables('{{name}} {{ name }} {{pix.key}}')).toEqual(['name', 'pix.key']);
  });

  it('greets by hour', () => {
    expect([5, 6, 11, 12, 17, 18].map(greetingFor)).toEqual([
      'Boa noite',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
    ]);
  });
});
