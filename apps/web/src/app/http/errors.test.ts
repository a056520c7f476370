import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { describeApiError, getFieldError, translateErrorCode } from './errors';

const config = { headers: {} } as InternalAxiosRequestConfig;

const failure = (status: number, data: unknown): AxiosError =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  } as AxiosResponse);

describe('describeApiError', () => {
  it('translates a known code through the catalogue, in pt-BR and en', () => {
    const error = failure(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' });
    expect(describeApiError(error, 'pt-BR')).toBe('Erro de autenticação. Verifique os dados e tente novamente.');
    expect(describeApiError(error, 'en')).toBe('Authentication error. Check your details and try again.');
    expect(describeApiError(failure(403, { error: 'ERR_TENANT_INACTIVE' }), 'pt-BR')).toBe(
      'O acesso desta empresa está inativo.',
    );
    expect(describeApiError(failure(429, { error: 'ERR_LIMIT_MAX' }), 'pt-BR')).toBe(
      'Erro de autenticação. Tente novamente em 1 minuto.',
    );
    expect(describeApiError(failure(403, { error: 'OUT_RANGE' }), 'pt-BR')).toBe(
      'Fora do horário de acesso permitido.',
    );
  });

  it('shows an unknown code as it came', () => {
    expect(describeApiError(failure(500, { error: 'ERR_SOMETHING_NEW', message: 'x' }), 'pt-BR')).toBe(
      'ERR_SOMETHING_NEW',
    );
    expect(translateErrorCode('WEIRD')).toBe('WEIRD');
  });

  it("says 'Ocorreu um erro não identificado.' when there is no error code", () => {
    expect(describeApiError(failure(500, {}), 'pt-BR')).toBe('Ocorreu um erro não identificado.');
    expect(describeApiError(failure(502, '<html>bad gateway</html>'), 'pt-BR')).toBe(
      'Ocorreu um erro não identificado.',
    );
    expect(describeApiError(new Error('boom'), 'pt-BR')).toBe('Ocorreu um erro não identificado.');
    expect(describeApiError(failure(500, {}), 'en')).toBe('An unidentified error occurred.');
  });

  it('has its own text for a timeout', () => {
    const timeout = new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED', config);
    expect(describeApiError(timeout, 'pt-BR')).toBe(
      'O processo está demorando mais do que o esperado. Por favor, aguarde.',
    );
    expect(describeApiError(new AxiosError('timeout', 'ETIMEDOUT', config), 'pt-BR')).toBe(
      'O processo está demorando mais do que o esperado. Por favor, aguarde.',
    );
  });
});

describe('getFieldError', () => {
  it('names the field of a validation error, with the catalogue text for a known code', () => {
    expect(getFieldError(failure(400, { error: 'ERR_DUPLICATED_EMAIL', message: 'dup', field: 'email' }))).toEqual({
      field: 'email',
      message: 'Já existe um usuário com este e-mail.',
    });
    expect(getFieldError(failure(400, { error: 'ERR_VALIDATION', message: 'Too short', field: 'name' }))).toEqual({
      field: 'name',
      message: 'Too short',
    });
  });

  it('is null for other failures', () => {
    expect(getFieldError(failure(400, { error: 'ERR_VALIDATION', message: 'x' }))).toBeNull();
    expect(getFieldError(failure(500, { error: 'ERR_INTERNAL', field: 'email' }))).toBeNull();
    expect(getFieldError(new Error('x'))).toBeNull();
  });

  it('also names the field of a conflict', () => {
    expect(getFieldError(failure(409, { error: 'ERR_DUPLICATED_EMAIL', field: 'email' }))).toEqual({
      field: 'email',
      message: 'Já existe um usuário com este e-mail.',
    });
  });
});
