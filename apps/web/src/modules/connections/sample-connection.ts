import type { TConnection } from '@prosa/contracts';

/** A connection as the API returns it, for tests: a connected web chat unless `changes` say otherwise. */
export const sampleConnection = (changes: Partial<TConnection> = {}): TConnection => ({
  id: 5,
  name: 'Site',
  type: 'webchat',
  status: 'CONNECTED',
  isDefault: false,
  isActive: true,
  queueId: null,
  number: null,
  lastError: null,
  farewellMessage: null,
  greetingMessage: null,
  sendEvaluation: true,
  chatFlowId: null,
  token: null,
  settings: null,
  qrcode: null,
  proxy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...changes,
});
