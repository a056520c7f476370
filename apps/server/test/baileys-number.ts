import type { TFakeBaileys } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { connections } from '../src/platform/db/schema.js';
import type { TestApp } from './harness.js';
import { eventually } from './sockets.js';

/**
 * A WhatsApp (QR code) connection made through the API by `token`'s admin, its QR code read by the fake phone
 * as `number`: answers the connection's id once it is CONNECTED.
 */
export const pairBaileysNumber = async (
  t: TestApp,
  token: string,
  fake: TFakeBaileys,
  number: string,
  name = 'WhatsApp dos grupos',
): Promise<number> => {
  const created = await t.request('POST', '/whatsapp', { token, body: { name, type: 'baileys' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const connectionId = created.body.id as number;
  await fake.latest().scan(number);
  await eventually(async () => {
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row?.status).toBe('CONNECTED');
  });
  return connectionId;
};
