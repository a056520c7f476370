import { events } from '@prosa/contracts';
import type { TFakeSmtp } from '@prosa/fakes';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { connect, connected, eventually, nextEvent } from './sockets.js';

// Checks that every channel's integration test makes in the same words: the API walls, the realtime session
// events, the admins' e-mail when a connection drops, sealed secrets and QR images.

/** What the tenant's room hears when a connection's session changes. */
export type TSessionEvent = {
  session: { id: number; status: string; number: string | null; lastError: string | null };
  turn: string | null;
};

/** A socket of the tenant's admin, connected, to await the next change of one connection's session. */
export const watchSessions = async (t: TestApp, fx: { tenantId: number; tokens: { admin: string } }) => {
  const socket = await connected(connect(t.url, fx.tokens.admin));
  return {
    socket,
    next: (connectionId: number, match: (event: TSessionEvent) => boolean = () => true) =>
      nextEvent<TSessionEvent>(
        socket,
        events.whatsappSession(fx.tenantId),
        (event) => event.session.id === connectionId && match(event),
      ),
  };
};

const DROP_MAIL = 'parou de funcionar';

/** Waits for the e-mail telling an admin a connection stopped working, naming each of `texts`. */
export const expectDropMail = (smtp: TFakeSmtp, adminEmail: string, texts: string[]) =>
  eventually(() => {
    const mail = smtp.inbox.find((m) => m.to.includes(adminEmail) && m.text.includes(DROP_MAIL));
    for (const text of texts) expect(mail?.text).toContain(text);
  });

/** How many "stopped working" e-mails went out: an admin's own logout must not add one. */
export const countDropMails = (smtp: TFakeSmtp) => smtp.inbox.filter((mail) => mail.text.includes(DROP_MAIL)).length;

/** Only an admin creates connections: without a token it is 401, with an agent's 403. */
export const expectCreateNeedsAdmin = async (t: TestApp, fx: { tokens: { agent: string } }, body: unknown) => {
  expect((await t.request('POST', '/whatsapp', { body })).status).toBe(401);
  expect((await t.request('POST', '/whatsapp', { token: fx.tokens.agent, body })).status).toBe(403);
};

/** Bad input is a 400 that names the field. */
export const expectFieldError = (res: { status: number; body: { field?: string } }, field: string) =>
  expect([res.status, res.body.field]).toEqual([400, field]);

/** Another tenant's admin is told none of these exist (404): never shown, started or changed. */
export const expectNotFoundFor = async (t: TestApp, token: string, routes: [string, string, unknown?][]) => {
  for (const [method, path, body] of routes)
    expect((await t.request(method, path, { token, body })).status, `${method} ${path}`).toBe(404);
};

/** None of the secrets shows in what the API answered or in the row the database keeps. */
export const expectSealed = (places: unknown[], secrets: string[]) => {
  for (const secret of secrets) for (const place of places) expect(JSON.stringify(place)).not.toContain(secret);
};

/** A QR code the card can show: a PNG data URL with a real PNG inside. */
export const expectQrPng = (qrcode: unknown) => {
  expect(qrcode).toMatch(/^data:image\/png;base64,/);
  const image = Buffer.from(String(qrcode).split(',')[1] ?? '', 'base64');
  expect(image.subarray(1, 4).toString()).toBe('PNG');
};

/**
 * No "stopped working" e-mail went out since `before`: an admin's own logout is not a drop. Call it once the
 * status change itself was awaited; a mail it set off would be one of the server's background tasks, so
 * those are waited for (the fake SMTP server keeps a mail before it answers) instead of a fixed pause.
 */
export const expectNoDropMailSince = async (smtp: TFakeSmtp, before: number, t: TestApp) => {
  await t.prosa.services.background.drain();
  expect(countDropMails(smtp)).toBe(before);
};

/** The customer's ticket shows them by name and sits in the tenant's queue (the connection's). */
export const expectTicketInQueue = async (
  t: TestApp,
  fx: { tokens: { admin: string }; queue: { id: number } },
  ticketId: number,
  contactName: string,
) => {
  const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
  expect(ticket.body.contact.name).toBe(contactName);
  expect(ticket.body.queueId).toBe(fx.queue.id);
};

/** A stored file is served from its media URL, byte for byte. */
export const expectServedFile = async (t: TestApp, mediaUrl: unknown, bytes: Buffer) => {
  const file = await t.prosa.app.inject({ method: 'GET', url: String(mediaUrl) });
  expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
};

/** A secret with its last character changed (to one it is not): one character from the right one. */
export const withLastCharChanged = (secret: string) => `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;
