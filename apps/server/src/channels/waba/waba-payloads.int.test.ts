import type { TFlowInteraction } from '@prosa/contracts';
import { metaWebhook, type TFakeMetaCloud } from '@prosa/fakes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messagesOfTicket,
  messagesWithExternalId,
  sendReply,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { samplePng as png } from '../../../test/uploads.js';
import { createWabaConnection, startWabaTestApp, type TWabaTest } from '../../../test/waba-fixture.js';
import { buildFlow } from '../../modules/chat-flows/runtime/flow-test-kit.js';
import { chatFlowRuns, chatFlows, connections } from '../../platform/db/schema.js';

// Cloud API payloads as Meta's webhook reference documents them, replayed signed: kinds with no text of their
// own are stored as readable text, a number change moves the contact, and what refers to a message (a
// reaction, an edit, a deletion) lands on it even while that message's file is still being downloaded, or
// when it comes before the message itself.

let waba: TWabaTest;
let t: TestApp;
let fx: TTenantFixture;
let meta: TFakeMetaCloud;
let number: TWabaTest['number'];
let connectionId: number;
let token: string;

const deliver = async (payload: unknown) => {
  const res = await waba.post(token, payload);
  expect(res.status).toBe(200);
};

const customerMessage = (
  waId: string,
  message: Record<string, unknown> & { type: string },
  id?: string,
  /** When the customer sent it, in seconds (Meta's `timestamp`); now when left out. */
  timestamp?: number,
) => waba.customerMessage({ waId, name: 'Cliente Teste' }, message, id, timestamp);

const storedOf = async (waId: string) =>
  messagesOfTicket(t, fx.tenantId, await ticketOfCustomer(t, fx, connectionId, waId));

beforeAll(async () => {
  waba = await startWabaTestApp({
    tenant: 'Catálogo',
    neighbour: 'Vizinha',
    phoneNumberId: '106540352242933',
    wabaId: '102290129340311',
    displayPhoneNumber: '+55 11 4003-9876',
    // Jobs looked for often and retried at once: a reaction waiting for its message follows it quickly.
    config: fastJobs,
  });
  ({ t, fx, meta, number } = waba);
  ({ id: connectionId, token } = await createWabaConnection(waba, fx));
});
afterAll(() => waba.close());

describe('Cloud API payloads without text of their own', () => {
  const waId = '5511987650101';

  it('an "unsupported" message is a readable notice, not a blank bubble', async () => {
    await deliver(
      customerMessage(
        waId,
        {
          type: 'unsupported',
          errors: [
            {
              code: 131051,
              title: 'Message type unknown',
              message: 'Message type unknown',
              error_data: { details: 'Message type is currently not supported.' },
            },
          ],
        },
        'wamid.UNSUP1',
      ),
    );
    const row = (await storedOf(waId)).find((m) => m.messageId === 'wamid.UNSUP1');
    expect(row?.body).toBe('Mensagem não suportada pelo WhatsApp');
  });

  it('an order lists its items and its total', async () => {
    await deliver(
      customerMessage(
        waId,
        {
          type: 'order',
          order: {
            catalog_id: '1538960120000000',
            text: 'Entregar depois das 18h',
            product_items: [
              { product_retailer_id: 'camiseta-azul-m', quantity: 2, item_price: 49.9, currency: 'BRL' },
              { product_retailer_id: 'bone-preto', quantity: 1, item_price: 35, currency: 'BRL' },
            ],
          },
        },
        'wamid.ORDER1',
      ),
    );
    const row = (await storedOf(waId)).find((m) => m.messageId === 'wamid.ORDER1');
    expect(row?.body.replace(/\u00a0/g, ' ')).toBe(
      [
        'Pedido pelo catálogo:',
        '2 × camiseta-azul-m — R$ 49,90',
        '1 × bone-preto — R$ 35,00',
        'Total: R$ 134,80',
        'Entregar depois das 18h',
      ].join('\n'),
    );
  });
});

describe('Cloud API: the customer changed number', () => {
  it('is a readable notice and the contact takes the new number', async () => {
    const before = '5511987650201';
    const after = '5511987650299';
    await deliver(customerMessage(before, { type: 'text', text: { body: 'Oi' } }));
    const ticketId = await ticketOfCustomer(t, fx, connectionId, before);
    await deliver(
      customerMessage(
        before,
        {
          type: 'system',
          system: {
            body: `Cliente Teste changed from ${before} to ${after}`,
            wa_id: after,
            new_wa_id: after,
            type: 'user_changed_number',
          },
        },
        'wamid.SYS1',
      ),
    );
    const row = (await messagesOfTicket(t, fx.tenantId, ticketId)).find((m) => m.messageId === 'wamid.SYS1');
    expect(row?.body).toBe(`O cliente mudou de número para +${after}`);
    const contact = await t.request('GET', `/contacts/${row?.contactId}`, { token: fx.tokens.admin });
    expect(String(contact.body.number).replace(/\D/g, '')).toBe(after);
    // The next message from the new number is the same customer's, in the same ticket.
    await deliver(customerMessage(after, { type: 'text', text: { body: 'Agora é este número' } }, 'wamid.NEW1'));
    const rows = await messagesOfTicket(t, fx.tenantId, ticketId);
    expect(rows.map((m) => m.messageId)).toContain('wamid.NEW1');
  });
});

describe('Cloud API: what refers to a message', () => {
  const waId = '5511987650301';

  it('a reaction to a media message lands on it, even while its file is still downloading', async () => {
    const mediaId = meta.addInboundMedia(png, 'image/png');
    const hold = meta.holdNextMediaDownload();
    const image = deliver(
      customerMessage(waId, { type: 'image', image: { id: mediaId, mime_type: 'image/png' } }, 'wamid.IMG9'),
    );
    await hold.arrived;
    const reaction = deliver(
      customerMessage(waId, { type: 'reaction', reaction: { message_id: 'wamid.IMG9', emoji: '❤️' } }),
    );
    hold.release();
    await Promise.all([image, reaction]);
    const row = (await storedOf(waId)).find((m) => m.messageId === 'wamid.IMG9');
    expect(row?.reactions).toEqual([{ emoji: '❤️', fromMe: false }]);
  });

  it('an edit changes the text and marks it edited; a revoke marks the message deleted', async () => {
    await deliver(customerMessage(waId, { type: 'text', text: { body: 'Quero 2 unidades' } }, 'wamid.TXT1'));
    await deliver(
      customerMessage(waId, {
        type: 'edit',
        edit: {
          original_message_id: 'wamid.TXT1',
          message: { type: 'text', text: { body: 'Quero 3 unidades' } },
        },
      }),
    );
    await deliver(customerMessage(waId, { type: 'text', text: { body: 'Mensagem errada' } }, 'wamid.TXT2'));
    await deliver(customerMessage(waId, { type: 'revoke', revoke: { original_message_id: 'wamid.TXT2' } }));

    const rows = await storedOf(waId);
    expect(rows.find((m) => m.messageId === 'wamid.TXT1')).toMatchObject({
      edition: 'Quero 3 unidades',
      isDeleted: false,
    });
    expect(rows.find((m) => m.messageId === 'wamid.TXT2')?.isDeleted).toBe(true);
    // Neither the edit nor the deletion is a message of its own.
    expect(rows.filter((m) => m.mediaType === 'chat').map((m) => m.body)).toEqual([
      'Quero 2 unidades',
      'Mensagem errada',
    ]);
  });
});

// The waiting job looks again after as long as it has already waited: on a loaded machine that can be seconds.
const LATE_WAIT_MS = 20_000;

describe('Cloud API: what refers to a message that comes later', () => {
  const waId = '5511987650302';
  const storedRow = async (externalId: string) => (await messagesWithExternalId(t, externalId))[0];

  it('a reaction delivered before its message lands on it once the message arrives', async () => {
    await deliver(customerMessage(waId, { type: 'reaction', reaction: { message_id: 'wamid.LATE1', emoji: '👍' } }));
    expect(await storedRow('wamid.LATE1')).toBeUndefined();
    await deliver(customerMessage(waId, { type: 'text', text: { body: 'Chegou depois' } }, 'wamid.LATE1'));
    await eventually(
      async () => expect((await storedRow('wamid.LATE1'))?.reactions).toEqual([{ emoji: '👍', fromMe: false }]),
      LATE_WAIT_MS,
    );
  });

  it('an edit delivered before its message changes it once the message arrives', async () => {
    await deliver(
      customerMessage(waId, {
        type: 'edit',
        edit: { original_message_id: 'wamid.LATE2', message: { type: 'text', text: { body: 'Quero 5 unidades' } } },
      }),
    );
    expect(await storedRow('wamid.LATE2')).toBeUndefined();
    await deliver(customerMessage(waId, { type: 'text', text: { body: 'Quero 4 unidades' } }, 'wamid.LATE2'));
    await eventually(
      async () =>
        expect(await storedRow('wamid.LATE2')).toMatchObject({ body: 'Quero 4 unidades', edition: 'Quero 5 unidades' }),
      LATE_WAIT_MS,
    );
  });

  describe('two changes to the same message apply in the order the customer made them', () => {
    const second = Math.floor(Date.now() / 1000);
    const edit = (target: string, body: string, at: number) =>
      customerMessage(
        waId,
        { type: 'edit', edit: { original_message_id: target, message: { type: 'text', text: { body } } } },
        undefined,
        at,
      );
    /** Waits until no change of this message is still waiting for it. */
    const settled = async (target: string) =>
      eventually(async () => {
        const waiting = (await t.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'prosa' and data->>'job' = 'channels.late-reference'
              and state in ('created', 'retry', 'active') and data->'payload'->'event'->>'targetExternalId' = ${target}`,
        )) as unknown as { rows: { n: number }[] };
        expect(waiting.rows[0]?.n).toBe(0);
      });

    it('the newer edit wins even when the older one is delivered after it, before the message', async () => {
      await deliver(edit('wamid.ORD1', 'Quero 7 unidades', second + 2));
      await deliver(edit('wamid.ORD1', 'Quero 6 unidades', second + 1));
      await deliver(customerMessage(waId, { type: 'text', text: { body: 'Quero 5 unidades' } }, 'wamid.ORD1', second));
      await settled('wamid.ORD1');
      expect(await storedRow('wamid.ORD1')).toMatchObject({ edition: 'Quero 7 unidades', isDeleted: false });
    });

    it('an older edit delivered after the message already shows a newer one changes nothing', async () => {
      await deliver(customerMessage(waId, { type: 'text', text: { body: 'Às 14h' } }, 'wamid.ORD2', second));
      await deliver(edit('wamid.ORD2', 'Às 16h', second + 2));
      await deliver(edit('wamid.ORD2', 'Às 15h', second + 1));
      expect(await storedRow('wamid.ORD2')).toMatchObject({ edition: 'Às 16h' });
    });

    it('two edits dated the same second keep their order of arrival', async () => {
      await deliver(edit('wamid.ORD3', 'Primeira correção', second + 1));
      await deliver(edit('wamid.ORD3', 'Segunda correção', second + 1));
      await deliver(customerMessage(waId, { type: 'text', text: { body: 'Original' } }, 'wamid.ORD3', second));
      await settled('wamid.ORD3');
      expect(await storedRow('wamid.ORD3')).toMatchObject({ edition: 'Segunda correção' });
    });

    it('an edit then a deletion, both before the message, leave it deleted', async () => {
      await deliver(edit('wamid.ORD4', 'Corrigido', second + 1));
      await deliver(
        customerMessage(waId, { type: 'revoke', revoke: { original_message_id: 'wamid.ORD4' } }, undefined, second + 2),
      );
      await deliver(customerMessage(waId, { type: 'text', text: { body: 'Apagar' } }, 'wamid.ORD4', second));
      await settled('wamid.ORD4');
      expect(await storedRow('wamid.ORD4')).toMatchObject({ isDeleted: true });
    });
  });
});

describe('Cloud API: a customer known only by the business-scoped user id', () => {
  it('is stored on a contact keyed by that id, which takes the number when it appears', async () => {
    const userId = 'BR.13491208655302741918';
    const phone = '5511987650401';
    const onlyUserId = metaWebhook.envelope(number, {
      contacts: [{ profile: { name: 'Usuária Sem Número' }, user_id: userId }],
      messages: [
        {
          from_user_id: userId,
          id: 'wamid.BSUID1',
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: 'Oi, sou só um nome de usuário' },
        },
      ],
    });
    await deliver(onlyUserId);
    const [first] = await messagesWithExternalId(t, 'wamid.BSUID1');
    expect(first?.body).toBe('Oi, sou só um nome de usuário');
    const before = await t.request('GET', `/contacts/${first?.contactId}`, { token: fx.tokens.admin });
    expect(before.body).toMatchObject({ name: 'Usuária Sem Número', number: null });

    await deliver(
      metaWebhook.envelope(number, {
        contacts: [{ profile: { name: 'Usuária Sem Número' }, wa_id: phone, user_id: userId }],
        messages: [
          {
            from: phone,
            from_user_id: userId,
            id: 'wamid.BSUID2',
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'Agora com número' },
          },
        ],
      }),
    );
    const [second] = await messagesWithExternalId(t, 'wamid.BSUID2');
    expect(second).toMatchObject({ contactId: first?.contactId, ticketId: first?.ticketId });
    const after = await t.request('GET', `/contacts/${first?.contactId}`, { token: fx.tokens.admin });
    expect(String(after.body.number).replace(/\D/g, '')).toBe(phone);
  });

  it('gets replies addressed by that id, since there is no number to send to', async () => {
    const userId = 'BR.88812208655302741000';
    await deliver(
      metaWebhook.envelope(number, {
        contacts: [{ profile: { name: 'Só Usuário' }, user_id: userId }],
        messages: [
          {
            from_user_id: userId,
            id: 'wamid.BSUID3',
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'Vocês entregam hoje?' },
          },
        ],
      }),
    );
    const [inbound] = await messagesWithExternalId(t, 'wamid.BSUID3');
    const reply = await sendReply(t, fx, Number(inbound?.ticketId), { body: 'Entregamos, sim!' });
    expect(reply.status).toBe('sent');
    const out = meta.sentMessages().at(-1) as Record<string, unknown>;
    expect(out).toMatchObject({ recipient: userId, type: 'text', text: { body: 'Entregamos, sim!' } });
    expect(out.to).toBeUndefined();
  });

  it('merges the contact made from that id into the one that already had the number, once both arrive together', async () => {
    const userId = 'BR.55512208655302749999';
    const phone = '5511987650402';
    const at = () => String(Math.floor(Date.now() / 1000));
    const text = (body: string) => ({ type: 'text', text: { body } });
    // Known by the number first (before the customer took a username), with a conversation.
    await deliver(customerMessage(phone, text('Oi, tenho número'), 'wamid.BSUID4'));
    const [byPhone] = await messagesWithExternalId(t, 'wamid.BSUID4');
    // Then a delivery with only the user id: nobody has it, so it makes a second contact.
    await deliver(
      metaWebhook.envelope(number, {
        contacts: [{ profile: { name: 'Cliente Teste' }, user_id: userId }],
        messages: [{ from_user_id: userId, id: 'wamid.BSUID5', timestamp: at(), ...text('Agora sou usuário') }],
      }),
    );
    const [byUserId] = await messagesWithExternalId(t, 'wamid.BSUID5');
    expect(byUserId?.contactId).not.toBe(byPhone?.contactId);

    await deliver(
      metaWebhook.envelope(number, {
        contacts: [{ profile: { name: 'Cliente Teste' }, wa_id: phone, user_id: userId }],
        messages: [{ from: phone, from_user_id: userId, id: 'wamid.BSUID6', timestamp: at(), ...text('Os dois') }],
      }),
    );
    const survivor = Number(byPhone?.contactId);
    const [both] = await messagesWithExternalId(t, 'wamid.BSUID6');
    expect(both).toMatchObject({ contactId: survivor, ticketId: byPhone?.ticketId });
    const [moved] = await messagesWithExternalId(t, 'wamid.BSUID5');
    expect(moved?.contactId).toBe(survivor);
    const gone = await t.request('GET', `/contacts/${byUserId?.contactId}`, { token: fx.tokens.admin });
    expect(gone.status).toBe(404);
    // One active conversation per contact and connection: the user id's ticket was closed, saying why.
    const closed = await t.request('GET', `/tickets/${byUserId?.ticketId}`, { token: fx.tokens.admin });
    expect(closed.body).toMatchObject({ status: 'closed', contactId: survivor });
    const logs = await t.request('GET', `/tickets/${byUserId?.ticketId}/logs`, { token: fx.tokens.admin });
    expect(logs.body).toContainEqual(
      expect.objectContaining({ type: 'closed', data: expect.objectContaining({ reason: 'contact-merge' }) }),
    );
    // Replies keep going to the number, and the user id now names the same person.
    await deliver(
      metaWebhook.envelope(number, {
        contacts: [{ profile: { name: 'Cliente Teste' }, user_id: userId }],
        messages: [{ from_user_id: userId, id: 'wamid.BSUID7', timestamp: at(), ...text('Só o usuário de novo') }],
      }),
    );
    const [again] = await messagesWithExternalId(t, 'wamid.BSUID7');
    expect(again).toMatchObject({ contactId: survivor, ticketId: byPhone?.ticketId });
  });
});

describe("a chat flow's menu", () => {
  const menu = (id: string, display: 'buttons' | 'list', labels: string[]): TFlowInteraction => ({
    id,
    type: 'MessageOptionsField',
    data: {
      message: 'Como podemos ajudar?',
      display,
      options: labels.map((label, i) => ({ id: `${id}-o${i}`, label })),
    },
  });

  it('goes out as reply buttons, as a list past three options; a tapped one moves the flow', async () => {
    const flow = buildFlow([
      {
        id: 'inicio',
        interactions: [menu('m1', 'buttons', ['Vendas', 'Suporte'])],
        on: [
          [['1'], 'veiculos'],
          [['2'], `queue:${fx.queue.id}`],
        ],
      },
      {
        id: 'veiculos',
        interactions: [menu('m2', 'buttons', ['Carros', 'Motos', 'Barcos', 'Aviões'])],
        on: [[['4'], `queue:${fx.queue.id}`]],
      },
    ]);
    const [row] = await t.db
      .insert(chatFlows)
      .values({ tenantId: fx.tenantId, name: 'Menu com botões', flow })
      .returning({ id: chatFlows.id });
    await t.db.update(connections).set({ chatFlowId: row?.id }).where(eq(connections.id, connectionId));
    const waId = '5511987650909';
    try {
      await deliver(customerMessage(waId, { type: 'text', text: { body: 'Oi' } }, 'wamid.MENU1'));
      await eventually(() =>
        expect(meta.sentMessages().at(-1)).toMatchObject({
          to: waId,
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: 'Como podemos ajudar?' },
            action: {
              buttons: [
                { type: 'reply', reply: { id: '1', title: 'Vendas' } },
                { type: 'reply', reply: { id: '2', title: 'Suporte' } },
              ],
            },
          },
        }),
      );
      // Agents read the menu as the numbered text any other channel would have sent.
      expect((await storedOf(waId)).at(-1)?.body).toBe('Como podemos ajudar?\n\n1 - Vendas\n2 - Suporte');

      // The tap comes back as the button's title; the step lists "1".
      const tap = { type: 'button_reply', button_reply: { id: '1', title: 'Vendas' } };
      await deliver(customerMessage(waId, { type: 'interactive', interactive: tap }, 'wamid.MENU2'));
      await eventually(() =>
        expect(meta.sentMessages().at(-1)).toMatchObject({
          type: 'interactive',
          interactive: {
            type: 'list',
            action: {
              button: 'Ver opções',
              sections: [
                { rows: ['Carros', 'Motos', 'Barcos', 'Aviões'].map((title, i) => ({ id: `${i + 1}`, title })) },
              ],
            },
          },
        }),
      );
      const pick = { type: 'list_reply', list_reply: { id: '4', title: 'Aviões' } };
      await deliver(customerMessage(waId, { type: 'interactive', interactive: pick }, 'wamid.MENU3'));
      const ticketId = await ticketOfCustomer(t, fx, connectionId, waId);
      await eventually(async () =>
        expect(
          (await t.db.select().from(chatFlowRuns).where(eq(chatFlowRuns.ticketId, ticketId))).at(-1)?.outcome,
        ).toBe('queue'),
      );
    } finally {
      await t.db.update(connections).set({ chatFlowId: null }).where(eq(connections.id, connectionId));
    }
  });
});
