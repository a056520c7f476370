import { describe, expect, it } from 'vitest';
import { fillTemplate, renderTemplate, templateVariables } from './message-templates.js';

describe('message templates', () => {
  it('finds numbered and named placeholders once, in order', () => {
    expect(templateVariables('Oi {{1}}, seu pedido {{2}} saiu. {{1}}')).toEqual(['1', '2']);
    expect(templateVariables('Olá {{ nome }}, código {{codigo}}')).toEqual(['nome', 'codigo']);
    expect(templateVariables(null)).toEqual([]);
  });

  it('fills placeholders and leaves the unfilled ones visible', () => {
    expect(fillTemplate('Oi {{1}}, pedido {{2}}', ['1', '2'], ['Ana', '123'])).toBe('Oi Ana, pedido 123');
    expect(fillTemplate('Oi {{1}}, pedido {{2}}', ['1', '2'], ['Ana'])).toBe('Oi Ana, pedido {{2}}');
  });

  it('renders header, body and footer as the customer reads them', () => {
    const text = renderTemplate(
      {
        header: 'Pedido {{1}}',
        body: 'Oi {{1}}, seu pedido saiu para entrega.',
        footer: 'Loja Exemplo',
        headerVariables: ['1'],
        bodyVariables: ['1'],
      },
      { headerParams: ['#123'], bodyParams: ['Ana'] },
    );
    expect(text).toBe('Pedido #123\n\nOi Ana, seu pedido saiu para entrega.\n\nLoja Exemplo');
  });
});
