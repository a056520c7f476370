import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl } from './fake-http.js';
import type { TFakeZapi } from './zapi.js';
import type { TZapiAck, TZapiInstance } from './zapi-protocol.js';

/**
 * The fake Z-API's own control routes under `/_fake/` (the demo script and the e2e drive it over HTTP): its
 * instances and what it was sent, and the phone's part (pair, a customer writing, ticks, a dropped session, a
 * member joining or leaving a group).
 */
export const answerZapiControl = (
  fake: { instances: () => TZapiInstance[]; sent: TFakeZapi['sent']; phone: TFakeZapi['phone'] },
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: unknown,
) => {
  const input = (body ?? {}) as Record<string, unknown>;
  const instanceId = typeof input.instanceId === 'string' ? input.instanceId : undefined;
  return answerControl(req, res, url, {
    get: {
      instances: () =>
        fake.instances().map(({ id, state, phone: number, webhooks }) => ({ id, state, number, webhooks })),
      sent: () => fake.sent(url.searchParams.get('instanceId')),
    },
    post: {
      scan: () => fake.phone.scan(instanceId),
      inbound: () =>
        fake.phone.message(
          {
            phone: String(input.phone ?? ''),
            senderName: String(input.name ?? ''),
            text: String(input.text ?? ''),
            ...(typeof input.messageId === 'string' ? { messageId: input.messageId } : {}),
          },
          instanceId,
        ),
      ack: () =>
        fake.phone.ack({ ids: [String(input.id)], status: String(input.status ?? 'READ') as TZapiAck }, instanceId),
      drop: () => fake.phone.drop(typeof input.error === 'string' ? input.error : undefined, instanceId),
      // A number joins (by the link) or leaves a group: `{ groupId: '…@g.us', phone, action: 'add' | 'remove' }`.
      'group-change': () =>
        fake.phone.groupChange(
          {
            groupId: String(input.groupId),
            members: [{ id: `${String(input.phone ?? '')}@s.whatsapp.net` }],
            action: input.action === 'remove' ? 'remove' : 'add',
          },
          null,
          instanceId,
        ),
    },
  });
};
