import { describe, expect, it } from 'vitest';
import { parseWabaWebhook } from './waba-webhook.js';

const change = (value: Record<string, unknown>, phoneNumberId = '111') => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '551140031234', phone_number_id: phoneNumberId },
    ...value,
  },
});
const webhook = (...changes: unknown[]) => ({ object: 'whatsapp_business_account', entry: [{ id: '999', changes }] });
const message = (extra: Record<string, unknown>) => ({
  from: '5511987650001',
  id: `wamid.${Math.random()}`,
  timestamp: '1763900000',
  ...extra,
});

describe('parseWabaWebhook', () => {
  it('reads a batch of messages and statuses, for several numbers, in order', () => {
    const events = parseWabaWebhook(
      webhook(
        change({
          contacts: [{ wa_id: '5511987650001', profile: { name: 'Marina' } }],
          messages: [message({ type: 'text', text: { body: 'Oi' }, context: { id: 'wamid.Q' } })],
        }),
        change(
          {
            statuses: [
              {
                id: 'wamid.S',
                status: 'failed',
                timestamp: '1763900001',
                errors: [{ code: 131047, title: 'Re-engagement message' }],
              },
            ],
          },
          '222',
        ),
      ),
    );
    expect(events).toMatchObject([
      {
        kind: 'message',
        phoneNumberId: '111',
        name: 'Marina',
        body: 'Oi',
        mediaType: 'chat',
        quotedExternalId: 'wamid.Q',
        timestamp: 1763900000000,
      },
      { kind: 'status', phoneNumberId: '222', externalId: 'wamid.S', status: 'failed', error: { code: 131047 } },
    ]);
  });

  it('names media, voice notes, locations, contact cards and button replies', () => {
    const events = parseWabaWebhook(
      webhook(
        change({
          messages: [
            message({
              type: 'document',
              document: { id: 'M1', filename: 'nota.pdf', mime_type: 'application/pdf', caption: 'Nota' },
            }),
            message({ type: 'audio', audio: { id: 'M2', mime_type: 'audio/ogg', voice: true } }),
            message({ type: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } }),
            message({
              type: 'contacts',
              contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+55 11 98888-7777' }] }],
            }),
            message({
              type: 'interactive',
              interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } },
            }),
          ],
        }),
      ),
    );
    expect(events.map((event) => (event.kind === 'message' ? [event.mediaType, event.body] : null))).toEqual([
      ['document', 'Nota'],
      ['ptt', ''],
      ['location', 'Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6'],
      ['vcard', 'Ana +55 11 98888-7777'],
      ['chat', 'Sim'],
    ]);
  });

  it('turns a reaction into a reaction event', () => {
    const [event] = parseWabaWebhook(
      webhook(change({ messages: [message({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '❤️' } })] })),
    );
    expect(event).toMatchObject({ kind: 'reaction', targetExternalId: 'wamid.T', emoji: '❤️' });
  });

  it('skips what it does not know instead of failing', () => {
    expect(parseWabaWebhook(null)).toEqual([]);
    expect(parseWabaWebhook({ object: 'page', entry: [] })).toEqual([]);
    expect(parseWabaWebhook(webhook({ field: 'message_template_status_update', value: {} }))).toEqual([]);
    expect(
      parseWabaWebhook(webhook(change({ messages: [{ nonsense: true }], statuses: [{ id: 'x', status: 'weird' }] }))),
    ).toEqual([]);
    // An unknown kind is kept as a message without text (its payload goes to dataJson).
    const [event] = parseWabaWebhook(
      webhook(change({ messages: [message({ type: 'poll', poll: { name: 'Qual cor?' } })] })),
    );
    expect(event).toMatchObject({ kind: 'message', mediaType: 'chat', body: '' });
  });
});
