import { describe, expect, it } from 'vitest';
import type { TVisitorMessage } from '../routes/webchat-history';
import { splitAtEnd } from './conversation-end';

const message = (id: string, timestamp: number, fromMe: boolean): TVisitorMessage => ({
  id,
  fromMe,
  body: id,
  status: 'received',
  timestamp,
  isDeleted: false,
  edition: null,
});

const ids = ({ beforeEnd, afterEnd }: ReturnType<typeof splitAtEnd>) => ({
  beforeEnd: beforeEnd.map((m) => m.id),
  afterEnd: afterEnd.map((m) => m.id),
});

describe('splitAtEnd', () => {
  it('keeps every message above while the conversation goes on', () => {
    const messages = [message('oi', 1, true), message('ola', 2, false)];
    expect(ids(splitAtEnd(messages, null))).toEqual({ beforeEnd: ['oi', 'ola'], afterEnd: [] });
  });

  it('keeps the thanks sent just after the end above the notice', () => {
    const messages = [message('pergunta', 1, false), message('4', 2, true), message('obrigado', 11, false)];
    expect(ids(splitAtEnd(messages, 10))).toEqual({ beforeEnd: ['pergunta', '4', 'obrigado'], afterEnd: [] });
  });

  it('puts the visitor message that starts a new conversation, and what follows it, below', () => {
    const messages = [
      message('pergunta', 1, false),
      message('4', 2, true),
      message('obrigado', 11, false),
      message('de novo', 20, true),
      message('resposta', 21, false),
    ];
    expect(ids(splitAtEnd(messages, 10))).toEqual({
      beforeEnd: ['pergunta', '4', 'obrigado'],
      afterEnd: ['de novo', 'resposta'],
    });
  });
});
