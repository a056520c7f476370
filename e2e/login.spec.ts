import { expect } from '@playwright/test';
import { accounts, api, expectNoConsoleErrors, loginThroughForm, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

test.describe('login through the form', () => {
  for (const [who, landing] of [
    ['agent', '/atendimento'],
    ['admin', '/home'],
    ['superadmin', '/tenants'],
  ] as const) {
    test(`${who} lands on ${landing}, with the password encrypted on the wire`, async ({ page }) => {
      const errors = watchConsole(page);
      const sent: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/auth/login')) sent.push(req.postData() ?? '');
      });
      const { email, password } = accounts[who];
      await loginThroughForm(page, email, password);
      await expect(page).toHaveURL(new RegExp(`${landing}(/|$)`));
      expect(sent).toHaveLength(1);
      const body = JSON.parse(sent[0] as string);
      expect(body.email).toBe(email);
      expect(body.password).not.toContain(password);
      expect(Buffer.from(body.password, 'base64')).toHaveLength(256);
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        profile: localStorage.getItem('profile'),
      }));
      expect(stored.token).toBeTruthy();
      expect(stored.profile).toBe(who === 'agent' ? 'user' : who);
      expectNoConsoleErrors(errors);
    });
  }

  test('falls back to the built-in key when the key endpoint fails', async ({ page }) => {
    await page.route('**/publicEncryptionKey', (route) => route.fulfill({ status: 503, body: 'indisponível' }));
    await loginThroughForm(page, accounts.agent.email, accounts.agent.password);
    await expect(page).toHaveURL(/\/atendimento/);
  });

  test('wrong password shows the catalogue message in Portuguese and stays on login', async ({ page }) => {
    await loginThroughForm(page, accounts.agent.email, 'senha-errada');
    await expect(page.getByText('Erro de autenticação. Verifique os dados e tente novamente.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a protected page without a session goes to login with "Necessário realizar login"', async ({ page }) => {
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Necessário realizar login')).toBeVisible();
  });

  test('the login returns to the page that was asked for', async ({ page }) => {
    await page.goto('/filas');
    await expect(page).toHaveURL(/\/login\?redirect=%2Ffilas/);
    await page.getByTestId('login-email').fill(accounts.admin.email);
    await page.getByTestId('login-password').fill(accounts.admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/filas$/);
  });

  test('"Voltar ao início" on a screen still being built goes to the home screen', async ({ page }) => {
    await signInTo(page, '/tarefas', accounts.admin.email, accounts.admin.password);
    await expect(page.getByText('Em construção').first()).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('logout from the profile menu ends the session', async ({ page }) => {
    await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
    await expect(page).toHaveURL(/\/home/);
    const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'jrt');
    expect(refreshCookie).toBeDefined();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await page.context().cookies()).find((c) => c.name === 'jrt')).toBeUndefined();
    // The refresh token the browser held is revoked on the server, not just forgotten by the browser.
    const refresh = await api('POST', '/auth/refresh_token', {
      body: {},
      cookie: `jrt=${refreshCookie?.value}`,
    });
    expect(refresh.status).toBe(401);
  });
});
