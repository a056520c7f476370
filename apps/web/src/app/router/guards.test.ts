import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { afterLoginPath, decideNavigation, homeRouteName, superadminOnlyRoutes, type TNavigationInput } from './guards';
import { getScreenMeta } from './screens';

const base: TNavigationInput = { to: '/', profile: 'admin', token: 'token', menuVisibility: {} };
const decide = (input: Partial<TNavigationInput>) => decideNavigation({ ...base, ...input });

const loginToast = { key: 'guard.loginRequired', color: 'warning' };
const loginRedirect = (asked: string) => ({
  action: 'redirect',
  to: asked === '/' ? '/login' : `/login?redirect=${encodeURIComponent(asked)}`,
  toast: loginToast,
});
const deniedToContatos = {
  action: 'redirect',
  to: '/contatos',
  toast: { key: 'guard.accessDenied', color: 'negative' },
};

describe('decideNavigation', () => {
  describe('without a token', () => {
    it.each(['/login', '/signup', '/masterkey', '/reset/abcdef0123456789'])('lets %s through (public route)', (to) => {
      expect(decide({ to, token: null, profile: null })).toEqual({ action: 'allow' });
    });

    it.each(['/', '/contatos', '/usuarios', '/configuracoes/geral', '/atendimento/12', '/does-not-exist'])(
      'sends %s to login with "Necessário realizar login", remembering the page asked for',
      (to) => {
        const decision = decide({ to, token: null, profile: null });
        expect(decision).toEqual(loginRedirect(to));
        if (decision.action === 'redirect')
          expect(i18n.t(decision.toast?.key ?? '', { lng: 'pt-BR' })).toBe('Necessário realizar login');
      },
    );

    it('lets a URL with the tokenSetup query through', () => {
      expect(decide({ to: '/configuracoes/geral?tokenSetup=abc', token: null, profile: null })).toEqual({
        action: 'allow',
      });
      expect(decide({ to: '/configuracoes/geral?other=1', token: null, profile: null })).toEqual(
        loginRedirect('/configuracoes/geral?other=1'),
      );
    });
  });

  describe('superadmin', () => {
    const superadmin = { profile: 'superadmin' };

    it('goes from the root and contatos to tenants (assinatura is not built)', () => {
      expect(decide({ ...superadmin, to: '/' })).toEqual({ action: 'redirect', to: '/tenants' });
      expect(decide({ ...superadmin, to: '/contatos' })).toEqual({ action: 'redirect', to: '/tenants' });
    });

    it('goes from home-dashboard to tenants', () => {
      expect(decide({ ...superadmin, to: '/home' })).toEqual({ action: 'redirect', to: '/tenants' });
    });

    it('skips the menu visibility checks', () => {
      expect(decide({ ...superadmin, to: '/filas', menuVisibility: { filas: false } })).toEqual({ action: 'allow' });
    });

    it.each([...superadminOnlyRoutes])('opens the platform screen %s', (name) => {
      expect(decide({ ...superadmin, to: `/${name}` })).toEqual({ action: 'allow' });
    });
  });

  describe('tenant profiles', () => {
    it('sends the root to contatos', () => {
      expect(decide({ to: '/' })).toEqual({ action: 'redirect', to: '/contatos' });
    });

    it('denies a screen hidden by menu key, by path prefix, with "Acesso negado" in the negative colour', () => {
      const menuVisibility = { configuracoes: false };
      expect(decide({ to: '/configuracoes/geral', menuVisibility })).toEqual(deniedToContatos);
      expect(decide({ to: '/configuracoes', menuVisibility })).toEqual(deniedToContatos);
      expect(i18n.t('guard.accessDenied', { lng: 'pt-BR' })).toBe('Acesso negado');
    });

    it('denies the route named by a hidden key even when its path differs', () => {
      // 'home-dashboard' lives at /home: only the route-name rule catches it.
      expect(decide({ to: '/home', menuVisibility: { 'home-dashboard': false } })).toEqual(deniedToContatos);
      // A nested child is matched by its own route name too.
      expect(decide({ to: '/funil/kanban', menuVisibility: { 'funil-kanban': false } })).toEqual(deniedToContatos);
    });

    it('keeps screens whose keys are visible or absent', () => {
      expect(decide({ to: '/filas', menuVisibility: { filas: true, notas: false } })).toEqual({ action: 'allow' });
      expect(decide({ to: '/etiquetas', menuVisibility: { notas: false } })).toEqual({ action: 'allow' });
    });

    it('does not loop when contatos itself is hidden: falls back to the home screen', () => {
      expect(decide({ to: '/contatos', profile: 'user', menuVisibility: { contatos: false } })).toEqual({
        action: 'redirect',
        to: '/atendimento',
        toast: { key: 'guard.accessDenied', color: 'negative' },
      });
    });

    it.each([...superadminOnlyRoutes])('denies the superadmin screen %s', (name) => {
      expect(decide({ to: `/${name}`, profile: 'admin' })).toEqual(deniedToContatos);
    });

    it('lets only admin (and superadmin) into usuarios and customizar', () => {
      for (const to of ['/usuarios', '/customizar']) {
        expect(decide({ to, profile: 'admin' })).toEqual({ action: 'allow' });
        expect(decide({ to, profile: 'super' })).toEqual(deniedToContatos);
        expect(decide({ to, profile: 'user' })).toEqual(deniedToContatos);
        expect(decide({ to, profile: 'superadmin' })).toEqual({ action: 'allow' });
      }
    });

    it('lets only admin rights (admin, super, superadmin) into the proxy screen', () => {
      const to = '/configuracoes/proxy';
      expect(decide({ to, profile: 'admin' })).toEqual({ action: 'allow' });
      expect(decide({ to, profile: 'super' })).toEqual({ action: 'allow' });
      expect(decide({ to, profile: 'superadmin' })).toEqual({ action: 'allow' });
      expect(decide({ to, profile: 'supervisor' })).toEqual(deniedToContatos);
      expect(decide({ to, profile: 'user' })).toEqual(deniedToContatos);
    });

    it('keeps agents out of campaigns, mass sends and the group tools, as the server does', () => {
      for (const to of ['/campanhas', '/campanhas/3', '/massa/texto', '/massa/wavoip', '/grupo', '/grupo/banlist']) {
        expect(decide({ to, profile: 'user' }), to).toEqual(deniedToContatos);
        for (const profile of ['admin', 'super', 'supervisor'])
          expect(decide({ to, profile }), `${profile} ${to}`).toEqual({ action: 'allow' });
      }
    });

    it('uses the route name given by the router when there is one', () => {
      expect(decide({ to: '/somewhere', name: 'filas', menuVisibility: { filas: false } })).toEqual(deniedToContatos);
    });
  });
});

describe('homeRouteName', () => {
  it.each([
    ['superadmin', 'tenants'],
    ['admin', 'home-dashboard'],
    ['super', 'home-dashboard'],
    ['supervisor', 'atendimento'],
    ['user', 'atendimento'],
  ])('lands %s on %s, a built screen it may open', (profile, home) => {
    expect(homeRouteName(profile)).toBe(home);
    expect(getScreenMeta(home).future).toBeUndefined();
    expect(decideNavigation({ to: `/${home}`, profile, token: 't', menuVisibility: {} })).toEqual({ action: 'allow' });
  });

  it('skips a home hidden by the menu', () => {
    expect(homeRouteName('user', { atendimento: false })).toBe('contatos');
    expect(homeRouteName('admin', { 'home-dashboard': false })).toBe('atendimento');
    expect(homeRouteName('superadmin', { tenants: false })).toBe('tenants');
  });
});

describe('afterLoginPath', () => {
  it('returns to the page asked for when the profile may open it', () => {
    expect(afterLoginPath('/filas?x=1', 'admin')).toBe('/filas?x=1');
    expect(afterLoginPath('/atendimento/12', 'user')).toBe('/atendimento/12');
  });

  it('goes home when nothing, another origin, a public or a forbidden page was asked for', () => {
    for (const asked of [null, '', 'https://evil.example', '//evil.example/x', '/\\evil', '/login', '/signup', '/']) {
      expect(afterLoginPath(asked, 'admin'), String(asked)).toBe('/home');
    }
    expect(afterLoginPath('/usuarios', 'user')).toBe('/atendimento');
    expect(afterLoginPath('/tenants', 'admin')).toBe('/home');
  });
});
