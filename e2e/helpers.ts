import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, MAIN_PORT, SUPERADMIN_PASSWORD } from './playwright.config.js';

export const accounts = {
  agent: { email: 'agent@demo.local', password: DEMO_PASSWORD },
  admin: { email: 'admin@demo.local', password: DEMO_PASSWORD },
  superadmin: { email: 'superadmin@prosa.local', password: SUPERADMIN_PASSWORD },
};

/** Fails the test on any console error or uncaught page error. */
export const watchConsole = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
};

/** Fills the login form already on screen and sends it. */
const submitLoginForm = async (page: Page, email: string, password: string) => {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
};

/** Logs in through the form, as a person would. */
export const loginThroughForm = async (page: Page, email: string, password: string, base = '') => {
  await page.goto(`${base}/login`);
  await submitLoginForm(page, email, password);
};

/**
 * Logs in through the form from a link to `target` (a path, or a URL on another server), as a person who
 * opened that link would: the login returns there. Tests that start on one screen skip the landing screen
 * this way (an admin's dashboard, with its charts and figures, costs a page load they do not look at).
 */
export const signInTo = async (page: Page, target: string, email: string, password: string) => {
  const url = new URL(target, 'http://placeholder');
  const base = target.startsWith('http') ? url.origin : '';
  await page.goto(`${base}/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  await submitLoginForm(page, email, password);
  await page.waitForURL((next) => !next.pathname.startsWith('/login'));
};

/** Calls the API directly (set-up steps that are not what a test is about). */
export const api = async (
  method: string,
  path: string,
  options: { token?: string; body?: unknown; port?: number; cookie?: string } = {},
) => {
  const res = await fetch(`http://127.0.0.1:${options.port ?? MAIN_PORT}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

export const expectNoConsoleErrors = (errors: string[]) => expect(errors, errors.join('\n')).toEqual([]);

/**
 * Access tokens already obtained on the main server in this worker, by e-mail and password: set-up steps reuse
 * them instead of checking the password (argon2, 64 MiB) again. They live 15 minutes there, longer than the
 * suite; only a password or profile change ends them, and no spec changes that for the shared accounts.
 */
const tokens = new Map<string, Promise<string>>();

/** Signs in through the API (encrypting the password as the web app does) and returns the access token. */
export const apiLogin = (email: string, password: string, port = MAIN_PORT): Promise<string> => {
  if (port !== MAIN_PORT) return signInThroughApi(email, password, port);
  const key = `${email} ${password}`;
  const known = tokens.get(key);
  if (known) return known;
  const token = signInThroughApi(email, password, port);
  tokens.set(key, token);
  token.catch(() => tokens.delete(key));
  return token;
};

const signInThroughApi = async (email: string, password: string, port: number): Promise<string> => {
  const { constants, publicEncrypt } = await import('node:crypto');
  const { body: keyBody } = await api('GET', '/publicEncryptionKey', { port });
  const encrypted = publicEncrypt(
    { key: keyBody.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const { status, body } = await api('POST', '/auth/login/', { port, body: { email, password: encrypted } });
  if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(body)}`);
  return body.token;
};

/**
 * A tenant of its own for one spec, made by the superadmin: its users, queues and connections do not count
 * against the demo tenant's limits (3 connections, 10 users), and no other spec's tickets show in its lists.
 */
export const createShop = async (stamp: string, adminPassword: string) => {
  const root = await apiLogin(accounts.superadmin.email, accounts.superadmin.password);
  const adminEmail = `admin-${stamp}@loja.local`;
  const tenant = await api('POST', '/tenants', {
    token: root,
    body: {
      name: `Loja ${stamp}`,
      maxUsers: 10,
      maxConnections: 3,
      admin: { name: 'Dona da loja', email: adminEmail, password: adminPassword },
    },
  });
  expect(tenant.status).toBe(201);
  return { admin: await apiLogin(adminEmail, adminPassword), adminEmail };
};

/**
 * An agent's own browser (pt-BR), logged in through the form: every socket frame it receives (websocket and
 * the long-polling responses before the upgrade) and every console error are collected.
 */
export const openAgentPage = async (browser: Browser, email: string, password: string) => {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  page.on('response', async (response) => {
    if (response.url().includes('/socket.io/')) frames.push(await response.text().catch(() => ''));
  });
  const errors = watchConsole(page);
  await loginThroughForm(page, email, password);
  // Agents land on /atendimento, admins on the dashboard (/home).
  await expect(page).toHaveURL(/\/(atendimento|home)/);
  return { context, page, frames, errors };
};

/** Logged in as the demo admin, opens "Nova conexão" in /sessoes and picks the kind of connection. */
export const openNewConnectionForm = async (page: Page, type: string) => {
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/sessoes');
  await page.getByTestId('connection-add').click();
  await page.getByTestId(`connection-add-${type}`).click();
};

/**
 * In /atendimento: opens the customer's pending ticket, checks their message arrived, accepts the ticket and
 * sends the reply.
 */
export const acceptAndReply = async (page: Page, customerName: string, received: string, reply: string) => {
  await page.goto('/atendimento');
  await page.getByTestId('ticket-tab-pending').click();
  const row = page.getByTestId('ticket-row').filter({ hasText: customerName });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('message-body').filter({ hasText: received })).toBeVisible();
  await page.getByTestId('chat-accept').click();
  await page.getByTestId('composer-input').fill(reply);
  await page.getByTestId('composer-send').click();
};
