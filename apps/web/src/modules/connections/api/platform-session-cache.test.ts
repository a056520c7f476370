import type { TConnection, TPlatformConnection, TPlatformConnectionList } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { sampleConnection } from '../sample-connection';
import { applyPlatformSessionEvent } from './platform-session-cache';

const row = (id: number, tenantId: number, status = 'CONNECTED'): TPlatformConnection => ({
  id,
  tenantId,
  tenantName: `Empresa ${tenantId}`,
  name: `Conexão ${id}`,
  type: 'evolution',
  status,
  number: null,
  lastError: null,
  isDefault: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const page = (connections: TPlatformConnection[]): TPlatformConnectionList => ({
  connections,
  count: 3,
  hasMore: false,
  statusCounts: { CONNECTED: 3, OPENING: 0, qrcode: 0, DISCONNECTED: 0 },
});

const session = (id: number, changes: Partial<TConnection>): TConnection =>
  sampleConnection({ id, name: `Conexão ${id}`, type: 'evolution', ...changes });

const data = () => ({ pages: [page([row(1, 10), row(2, 10)]), page([row(3, 20)])], pageParams: [1, 2] });

describe('applyPlatformSessionEvent', () => {
  it('patches the row of that tenant connection on whichever page holds it, leaving the others as they were', () => {
    const before = data();
    const after = applyPlatformSessionEvent(before, {
      action: 'update',
      tenantId: 20,
      turn: 'down',
      session: session(3, { status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED', number: '+5511999990000' }),
    });
    expect(after?.pages[1]?.connections[0]).toEqual({
      ...row(3, 20),
      status: 'DISCONNECTED',
      lastError: 'ERR_WAPP_NOT_INITIALIZED',
      number: '+5511999990000',
      updatedAt: '2026-11-20T12:00:00.000Z',
    });
    // The tenant name is the list's own (the event does not carry it); untouched pages keep their identity.
    expect(after?.pages[1]?.connections[0]?.tenantName).toBe('Empresa 20');
    expect(after?.pages[0]).toBe(before.pages[0]);
    expect(before.pages[1]?.connections[0]?.status).toBe('CONNECTED');
  });

  it('matches on the tenant too: the same id of another tenant is another connection', () => {
    const before = data();
    const after = applyPlatformSessionEvent(before, {
      action: 'update',
      tenantId: 99,
      turn: null,
      session: session(1, { status: 'qrcode' }),
    });
    expect(after).toBe(before);
  });

  it('leaves an empty cache empty', () => {
    expect(
      applyPlatformSessionEvent(undefined, { action: 'update', tenantId: 1, turn: null, session: session(1, {}) }),
    ).toBeUndefined();
  });
});
