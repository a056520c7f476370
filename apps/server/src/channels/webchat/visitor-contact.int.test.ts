import { events, type TPresenceEvent, webchatSocket } from '@prosa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import { createWebchat, visitorWrites as writes } from '../../../test/webchat.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let channelToken: string;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Visitantes');
  channelToken = (await createWebchat(t, fx)).token;
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A visitor who opened the chat with these details and wrote once; the ticket and contact the agent sees. */
const visitorWrites = async (start: { name: string; email?: string; phone?: string }) => {
  const visitor = await writes(t, fx, channelToken, start, 'Olá');
  const contact = await t.request('GET', `/contacts/${visitor.contactId}`, { token: fx.tokens.agent });
  return { page: visitor.page, ticketId: visitor.ticketId, contact: contact.body };
};

describe('web chat visitor', () => {
  it('stores the phone the visitor gave on their contact, in E.164', async () => {
    const { contact } = await visitorWrites({ name: 'Helena', phone: '(11) 98765-4321' });
    expect(contact.number).toBe('+5511987654321');
  });

  it('keeps the e-mail and no number when only an e-mail is given', async () => {
    const { contact } = await visitorWrites({ name: 'Igor', email: 'igor@example.com' });
    expect(contact).toMatchObject({ number: null, email: 'igor@example.com' });
  });

  it('never attaches the visitor to the contact that already owns the phone (nobody checked it is theirs)', async () => {
    const owner = await t.request('POST', '/contacts', {
      token: fx.tokens.admin,
      body: { name: 'Dona do número', number: '+5521987654321' },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    const { contact } = await visitorWrites({ name: 'Impostor', phone: '21 98765-4321' });
    expect(contact.id).not.toBe(owner.body.id);
    expect(contact.number).toBe('+5521987654321');
  });

  it('refuses a phone that is no phone with 400 naming the field, and stores nothing', async () => {
    const before = await t.request('GET', '/contacts?searchParam=Joana', { token: fx.tokens.admin });
    const res = await t.request('POST', `/public/webchat/${channelToken}/session`, {
      body: { name: 'Joana', phone: '12' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('phone');
    const after = await t.request('GET', '/contacts?searchParam=Joana', { token: fx.tokens.admin });
    expect(after.body.count).toBe(before.body.count);
  });

  it("forwards the visitor's typing to the agents who see the ticket", async () => {
    const { page: visitor, ticketId } = await visitorWrites({ name: 'Karla', email: 'karla@example.com' });
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const typing = nextEvent<TPresenceEvent>(agent, events.presence(fx.tenantId), (e) => e.ticketId === ticketId);
    visitor.emit(webchatSocket.typing, 'composing');
    expect(await typing).toEqual({ ticketId, from: 'contact', state: 'composing' });
    const paused = nextEvent<TPresenceEvent>(agent, events.presence(fx.tenantId), (e) => e.state === 'paused');
    visitor.emit(webchatSocket.typing, 'paused');
    expect((await paused).from).toBe('contact');
  });
});
