import type { TAiProvider, TAssistantScope } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { pickAssistant } from './pick-assistant.js';

const assistant = (provider: TAiProvider, scope: TAssistantScope, enabled = true) => ({
  provider,
  settings: { enabled, scope },
});
const ticket = (extra: object = {}) => ({
  isGroup: false,
  status: 'pending',
  userId: null,
  chatFlowId: null,
  queueId: 7,
  whatsappId: 3,
  assistantStatus: {},
  ...extra,
});

describe('which assistant answers a ticket', () => {
  const all = assistant('chatgpt', { kind: 'all' });
  const sales = assistant('claude', { kind: 'queues', ids: [7] });
  const off = assistant('gemini', { kind: 'all' }, false);

  it('the one the ticket turned on, else the first whose scope covers it', () => {
    expect(pickAssistant([all, sales], ticket({ assistantStatus: { claude: 'on' } }))?.provider).toBe('claude');
    expect(pickAssistant([sales, all], ticket())?.provider).toBe('claude');
    expect(pickAssistant([sales], ticket({ queueId: 8 }))).toBeNull();
    expect(pickAssistant([assistant('grok', { kind: 'connections', ids: [3] })], ticket())?.provider).toBe('grok');
  });

  it('never a disabled one, one the ticket turned off, nor for groups, agents, flows or open tickets', () => {
    expect(pickAssistant([off], ticket({ assistantStatus: { gemini: 'on' } }))).toBeNull();
    expect(pickAssistant([all], ticket({ assistantStatus: { chatgpt: 'off' } }))).toBeNull();
    expect(pickAssistant([all], ticket({ assistantStatus: { chatgpt: 'false' } }))).toBeNull();
    for (const extra of [{ isGroup: true }, { userId: 4 }, { chatFlowId: 2 }, { status: 'open' }])
      expect(pickAssistant([all], ticket(extra))).toBeNull();
  });
});
