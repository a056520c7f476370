import { describe, expect, it } from 'vitest';
import { mergeHistory, type TVisitorMessage } from './webchat-history';

const message = (id: string, timestamp: number, extra: Partial<TVisitorMessage> = {}): TVisitorMessage => ({
  id,
  fromMe: true,
  body: id,
  status: 'received',
  timestamp,
  isDeleted: false,
  edition: null,
  ...extra,
});

describe('mergeHistory', () => {
  it('keeps a message that arrived while the history was being read', () => {
    const history = [message('in-v-1', 1), message('in-v-2', 2)];
    const current = [message('in-v-1', 1), message('in-v-2', 2), message('in-v-3', 3)];
    expect(mergeHistory(history, current).map((m) => m.id)).toEqual(['in-v-1', 'in-v-2', 'in-v-3']);
  });

  it('takes the server copy of a message it knows, and of a send whose saved copy is in the history', () => {
    const history = [message('in-v-1', 1, { status: 'read' }), message('in-v-c9', 5)];
    const current = [
      message('in-v-1', 1, { status: 'received' }),
      message('local-c9', 4, { local: 'pending', clientId: 'c9' }),
      message('local-c10', 6, { local: 'pending', clientId: 'c10' }),
    ];
    expect(mergeHistory(history, current)).toEqual([
      message('in-v-1', 1, { status: 'read' }),
      message('in-v-c9', 5),
      message('local-c10', 6, { local: 'pending', clientId: 'c10' }),
    ]);
  });
});
