import { ZBotSettings } from '@prosa/contracts';
import { startFakeN8n, type TFakeN8n } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotCallError } from './bot-client.js';
import { converseWithBot } from './bot-clients.js';

let fake: TFakeN8n;
beforeAll(async () => {
  fake = await startFakeN8n({ paths: ['prosa'] });
});
afterAll(() => fake.close());

const base = { session: null, text: 'Oi', contact: { name: 'Ana', number: '5511987654321' }, ticketId: 3, fetch };

describe('converseWithBot', () => {
  it("sends the message to the settings' provider", async () => {
    const settings = ZBotSettings.parse({ provider: 'n8n', enabled: true, url: fake.webhookUrl('prosa') });
    expect((await converseWithBot({ ...base, settings })).replies).toEqual([{ kind: 'text', text: 'Recebido: Oi' }]);
  });

  it('refuses Vapi, whose assistants take calls, not messages', async () => {
    const settings = ZBotSettings.parse({ provider: 'vapi', enabled: true, assistantId: 'a', phoneNumberId: 'n' });
    const call = converseWithBot({ ...base, settings });
    await expect(call).rejects.toBeInstanceOf(BotCallError);
    await expect(call).rejects.toMatchObject({ provider: 'vapi' });
  });
});
