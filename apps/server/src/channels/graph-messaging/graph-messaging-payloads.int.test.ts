import { randomBytes } from 'node:crypto';
import { graphWebhook, startFakeGraphMessaging, type TFakeGraphMessaging, type TFakeSmtp } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import { messagesWithExternalId, postSignedWebhook, type TTenantFixture } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';

// Messenger Platform payloads as Meta's webhook reference documents them, replayed signed: what Instagram does
// not pass on reads as a notice, a conversation another app holds (standby) still reaches the ticket, and a
// place shared in Messenger's older form keeps its coordinates.
type TKind = 'instagram' | 'messenger';

let t: TestApp;
let fx: TTenantFixture;
let meta: TFakeGraphMessaging;
let smtp: TFakeSmtp;
const tokens = {} as Record<TKind, string>;

const appSecret = randomBytes(16).toString('hex');
const accounts = {
  pageId: '104000000000011',
  pageName: 'Loja Payloads',
  instagramId: '17841400000000012',
  instagramUsername: 'lojapayloads',
  accessToken: `EAAG${randomBytes(24).toString('hex')}`,
};
const accountOf = (kind: TKind) => (kind === 'instagram' ? accounts.instagramId : accounts.pageId);
const customer = { id: '6100000000000111', name: 'Clara Nunes' };

const deliver = async (kind: TKind, payload: unknown) => {
  const raw = JSON.stringify(payload);
  const path = `/${kind === 'instagram' ? 'instagramhooks' : 'messengerhooks'}/${tokens[kind]}`;
  const res = await postSignedWebhook(t, path, raw, graphWebhook.sign(appSecret, raw));
  expect(res.status).toBe(200);
};
const storedWith = async (mid: string) => (await messagesWithExternalId(t, mid))[0];

beforeAll(async () => {
  meta = await startFakeGraphMessaging(accounts);
  meta.addCustomer(customer);
  ({ t, smtp, fx } = await startChannelTestApp({
    tenant: 'Payloads Sociais',
    maxConnections: 4,
    config: { metaGraphUrl: meta.graphUrl },
  }));
  const configs = {
    messenger: { pageId: accounts.pageId, pageAccessToken: accounts.accessToken, appSecret },
    instagram: { instagramId: accounts.instagramId, pageAccessToken: accounts.accessToken, appSecret },
  };
  for (const kind of ['messenger', 'instagram'] as const) {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: kind, type: kind, queueId: fx.queue.id, config: configs[kind] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tokens[kind] = res.body.token;
  }
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await meta.close();
});

describe('Instagram: what the API does not carry', () => {
  it('an `is_unsupported` message is a readable notice, not a blank bubble', async () => {
    await deliver(
      'instagram',
      graphWebhook.message(
        'instagram',
        accounts.instagramId,
        customer.id,
        { is_unsupported: true },
        { mid: 'ig_UNS1' },
      ),
    );
    expect(await storedWith('ig_UNS1')).toMatchObject({
      body: 'Mensagem não suportada pelo Instagram',
      mediaType: 'chat',
      fromMe: false,
    });
  });

  it('an attachment of a kind with nothing to show reads the same', async () => {
    await deliver(
      'instagram',
      graphWebhook.message(
        'instagram',
        accounts.instagramId,
        customer.id,
        { attachments: [{ type: 'unsupported_type', payload: null }] },
        { mid: 'ig_UNS2' },
      ),
    );
    expect((await storedWith('ig_UNS2'))?.body).toBe('Mensagem não suportada pelo Instagram');
  });
});

describe('standby: another app holds the conversation', () => {
  it.each(['instagram', 'messenger'] as const)(
    '%s: the customer message is stored as an inbound message',
    async (kind) => {
      const mid = `${kind}_STANDBY1`;
      await deliver(
        kind,
        graphWebhook.standby(kind, accountOf(kind), customer.id, { text: 'Alguém me atende?' }, { mid }),
      );
      const row = await storedWith(mid);
      expect(row).toMatchObject({ body: 'Alguém me atende?', fromMe: false });
      expect(row?.ticketId).toBeGreaterThan(0);
    },
  );

  it("the other app's replies, echoed in standby, are not the customer's", async () => {
    const echo = graphWebhook.echo('messenger', accounts.pageId, customer.id, 'm_STANDBY_ECHO', 'Sou o robô');
    const standby = { ...echo, entry: echo.entry.map(({ messaging, ...rest }) => ({ ...rest, standby: messaging })) };
    await deliver('messenger', standby);
    expect(await messagesWithExternalId(t, 'm_STANDBY_ECHO')).toEqual([]);
  });
});

describe("Messenger's legacy location attachment", () => {
  it('keeps its coordinates, in the location body every channel stores', async () => {
    await deliver(
      'messenger',
      graphWebhook.message(
        'messenger',
        accounts.pageId,
        customer.id,
        {
          attachments: [
            {
              type: 'location',
              title: 'Pinned Location',
              url: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.bing.com%2Fmaps%2Fdefault.aspx%3Fv%3D2%26pc%3DFACEBK',
              payload: { coordinates: { lat: -23.561414, long: -46.655881 } },
            },
          ],
        },
        { mid: 'm_LOC1' },
      ),
    );
    expect(await storedWith('m_LOC1')).toMatchObject({
      mediaType: 'location',
      body: 'Pinned Location\nhttps://maps.google.com/maps?q=-23.561414,-46.655881',
    });
  });
});
