import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { samplePng } from '../../../test/uploads.js';
import { tenants } from '../../platform/db/schema.js';

// The WhatsApp side of the group-tool scenarios (group-tools-scenarios.fixture.ts): what a provider's fake must
// offer, the numbers and groups every scenario uses, and the app and tenant they run in.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

/** A member as WhatsApp lists them: JID (a LID in LID groups), the phone's JID beside, the role. */
export type TGroupWorldMember = { id: string; phoneNumber?: string; admin: 'admin' | 'superadmin' | null };

/** A call that changes a group, as the provider's fake recorded it (whether WhatsApp took it or not). */
export type TGroupWorldCall = {
  kind: 'subject' | 'description' | 'setting' | 'participants' | 'picture';
  args: unknown[];
};

/** WhatsApp as one provider's fake plays it, in the scenarios' words. */
export type TGroupWorld = {
  /**
   * Starts the server (with what the provider needs to reach it) and its fake; `webhookAllowPrivate` on, so the
   * picture by URL can be downloaded from this machine.
   */
  start: () => Promise<TestApp>;
  /** Makes the tenant admin's connection and pairs it as `number`: its id once CONNECTED. */
  pair: (t: TestApp, adminToken: string, queueId: number, number: string) => Promise<number>;
  addGroup: (jid: string, subject: string, members: TGroupWorldMember[]) => void;
  group: (jid: string) =>
    | {
        subject: string;
        desc: string | null;
        announce: boolean;
        participants: { id: string; admin?: string | null }[];
        /** The group's invite code, once someone asked WhatsApp for it. */
        inviteCode?: string;
      }
    | undefined;
  /** Members join, leave, are promoted or demoted (WhatsApp's members change, then the provider tells us). */
  groupChange: (
    jid: string,
    members: { id: string }[],
    action: 'add' | 'remove' | 'promote' | 'demote',
    author: string | null,
  ) => Promise<void>;
  /** Members write in a group, in order. */
  receive: (
    jid: string,
    written: { participant: string; id: string; text: string; pushName: string }[],
  ) => Promise<void>;
  /**
   * WhatsApp refuses the next send to this chat (a JID) and the provider answers it as a failed send that is not
   * tried again. Left out where the provider answers WhatsApp's refusal with a 500 (wuzapi, uazapi): the outbound
   * queue tries such a send again with growing pauses (five attempts), so one refusal there ends sent.
   */
  refuseNextSend?: (jid: string) => void;
  /** Texts sent to a group, with the members they mention. */
  texts: (jid: string) => { text: string; mentions: string[] }[];
  /** Texts sent to a number in private (its own conversation). */
  privateTexts: (number: string) => string[];
  /** A group's picture as WhatsApp holds it (none set: null or undefined). */
  picture: (jid: string) => Buffer | null | undefined;
  /**
   * What WhatsApp gets for an image the tools were given, when the provider makes it over (the whatsmeow
   * gateways send a 640x640 JPEG); the image itself when left out.
   */
  pictureSent?: (image: Buffer) => Promise<Buffer>;
  /** False for a gateway that cannot delete other members' messages (the word list then only logs). */
  deletesMembersMessages?: boolean;
  /** Members' messages deleted for everyone in a group. */
  deleted: (jid: string) => { id: string; participant: string | undefined }[];
  /** Calls that change the group (subject, description, settings, members), in order. */
  calls: (jid: string) => TGroupWorldCall[];
  /**
   * The provider names each member once, by the phone when WhatsApp gives one beside a LID (Z-API's `phone`):
   * such a member is listed by the phone's JID, not the LID.
   */
  listsLidMembersByPhone?: boolean;
  close: () => Promise<void>;
};

export const ourNumber = '5511940005000';
export const ourJid = `${ourNumber}@s.whatsapp.net`;
export const adminGroup = '120363000000000001@g.us';
export const memberGroup = '120363000000000002@g.us';
export const rita = '5511977770002@s.whatsapp.net';

/** A web server on this machine answering `samplePng` at /foto.png and a text at /texto.txt. */
export const startPictureServer = async () => {
  const server: Server = createServer((req, res) => {
    if (req.url === '/foto.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(samplePng);
    if (req.url === '/texto.txt') return res.writeHead(200, { 'content-type': 'image/png' }).end('não é imagem');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** What the scenarios share with a provider's own tests (filled before they run). */
export type TGroupToolsContext = {
  t: TestApp;
  fx: TFixture;
  other: TFixture;
  connectionId: number;
  webchatId: number;
  otherConnectionId: number;
};

/**
 * Before the file's tests: starts the server and the world, pairs the tenant's number, makes a web chat for each
 * tenant and puts two groups in WhatsApp (admin of one, plain member of the other, by its LID).
 */
export const startGroupToolsWorld = (world: TGroupWorld): TGroupToolsContext => {
  const ctx = {} as TGroupToolsContext;
  const call = (method: string, path: string, body?: unknown, token = ctx.fx.tokens.admin) =>
    ctx.t.request(method, path, { token, body });

  beforeAll(async () => {
    ctx.t = await world.start();
    const { t } = ctx;
    ctx.fx = await t.createTenantFixture('Grupos', { maxConnections: 5 });
    ctx.other = await t.createTenantFixture('Vizinha', { maxConnections: 5 });
    await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, ctx.fx.tenantId));
    ctx.connectionId = await world.pair(t, ctx.fx.tokens.admin, ctx.fx.queue.id, ourNumber);
    ctx.webchatId = (
      await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: ctx.fx.queue.id })
    ).body.id;
    ctx.otherConnectionId = (
      await call(
        'POST',
        '/whatsapp',
        { name: 'Site', type: 'webchat', queueId: ctx.other.queue.id },
        ctx.other.tokens.admin,
      )
    ).body.id;
    world.addGroup(adminGroup, 'Equipe de vendas', [
      { id: ourJid, admin: 'superadmin' },
      { id: rita, admin: null },
    ]);
    world.addGroup(memberGroup, 'Condomínio', [
      { id: '5511911112222@s.whatsapp.net', admin: 'superadmin' },
      // A LID group: our number is listed by its LID, the phone beside it.
      { id: '22233344455566@lid', phoneNumber: ourJid, admin: null },
    ]);
  });
  afterAll(async () => {
    await ctx.t?.close();
    await world.close();
  });
  return ctx;
};

/** The scenarios, in order, on the world `startGroupToolsWorld` made. */
