import { describe, expect, it } from 'vitest';
import { graphInteractive } from './graph-interactive.js';

const choices = (display: 'buttons' | 'list', labels: string[], text = 'Escolha uma opção') => ({
  display,
  text,
  options: labels.map((label, i) => ({ id: String(i + 1), label })),
});

describe('graphInteractive', () => {
  it('sends up to three short options as reply buttons, ids being the option numbers', () => {
    expect(graphInteractive(choices('buttons', ['Vendas', 'Suporte']))).toEqual({
      type: 'button',
      body: { text: 'Escolha uma opção' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: '1', title: 'Vendas' } },
          { type: 'reply', reply: { id: '2', title: 'Suporte' } },
        ],
      },
    });
  });

  it('falls back to a list past three buttons or a title over 20 characters, and to text past 24', () => {
    expect(graphInteractive(choices('buttons', ['A', 'B', 'C', 'D']))?.type).toBe('list');
    expect(graphInteractive(choices('buttons', ['Segunda via do boleto']))?.type).toBe('list');
    expect(graphInteractive(choices('list', ['Vendas']))).toMatchObject({
      type: 'list',
      action: { button: 'Ver opções', sections: [{ rows: [{ id: '1', title: 'Vendas' }] }] },
    });
    expect(graphInteractive(choices('list', ['Quero falar com o financeiro agora']))).toBeNull();
    expect(graphInteractive(choices('buttons', ['Sim'], '   '))).toBeNull();
  });
});
