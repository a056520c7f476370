import { ZCreateUserBody, ZSignupBody } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { zodResolver } from './zod-form';

describe('zodResolver', () => {
  const signup = zodResolver(ZSignupBody);

  it('maps issues to form paths with Portuguese messages', () => {
    const errors = signup({ tenantName: 'A', name: '', email: 'nope', password: 'short', acceptTerms: false });
    expect(errors).toEqual({
      tenantName: 'Mínimo de 2 caracteres',
      name: 'Campo obrigatório',
      email: 'E-mail inválido',
      password: 'Mínimo de 8 caracteres',
      acceptTerms: 'É preciso aceitar para continuar',
    });
  });

  it('returns no errors for valid values', () => {
    expect(
      signup({ tenantName: 'Acme', name: 'Ana', email: 'ana@acme.test', password: '12345678', acceptTerms: true }),
    ).toEqual({});
  });

  it('validates the body made from the form values, down to nested paths', () => {
    const resolver = zodResolver<{ hours: string }>(ZCreateUserBody, (values) => ({
      name: 'Ana',
      email: 'ana@acme.test',
      password: '12345678',
      businessHours: Array.from({ length: 7 }, (_, day) => ({ day, type: 'H', hr1: values.hours, hr2: '08:00' })),
    }));
    // 09:00-08:00 is a night shift that runs past midnight; an empty range is refused.
    expect(resolver({ hours: '09:00' })).toEqual({});
    expect(resolver({ hours: '08:00' })['businessHours.0.hr2']).toBe('Início e fim não podem ser iguais');
    expect(resolver({ hours: '7h' })['businessHours.0.hr1']).toBe('Horário inválido (HH:mm)');
  });
});
