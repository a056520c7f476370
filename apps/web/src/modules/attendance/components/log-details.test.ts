import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n/i18n';
import { describeLog } from './log-details';

const t = i18n.getFixedT('pt-BR');

describe('what the ticket history says of an entry', () => {
  it('a transfer: from whom and which queue, to whom and which queue', () => {
    const data = {
      from: { userId: 3, user: 'Ana', queueId: 1, queue: 'Suporte' },
      to: { userId: null, user: null, queueId: 2, queue: 'Financeiro' },
    };
    expect(describeLog({ type: 'transfered', data }, t)).toBe('De Ana · Suporte para sem atendente · Financeiro');
  });

  it('a close: its reason', () => {
    expect(describeLog({ type: 'closed', data: { reasonId: 4, reason: 'Resolvido' } }, t)).toBe('Motivo: Resolvido');
    expect(describeLog({ type: 'closed', data: {} }, t)).toBeNull();
  });

  it('older entries without details, and other kinds, add nothing', () => {
    expect(describeLog({ type: 'transfered', data: { from: 3 } }, t)).toBeNull();
    expect(describeLog({ type: 'open', data: {} }, t)).toBeNull();
  });
});
