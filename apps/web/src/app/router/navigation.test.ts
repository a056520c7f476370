import { afterEach, describe, expect, it } from 'vitest';
import { loginReturningHere } from './navigation';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('loginReturningHere', () => {
  it('sends an expired session to login, to come back to the page it was on', () => {
    window.history.replaceState(null, '', '/atendimento/12?pageNumber=2');
    expect(loginReturningHere()).toBe(`/login?redirect=${encodeURIComponent('/atendimento/12?pageNumber=2')}`);
  });

  it('needs no way back from the root or a public page', () => {
    window.history.replaceState(null, '', '/');
    expect(loginReturningHere()).toBe('/login');
    window.history.replaceState(null, '', '/signup');
    expect(loginReturningHere()).toBe('/login');
  });
});
