import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { makeTicket } from '../test-fixtures';
import { TicketListItem } from './ticket-list-item';

afterEach(cleanup);

const renderRow = (lastMessage: string | null) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <TicketListItem
        ticket={makeTicket({ lastMessage })}
        id="ticket-1"
        selected={false}
        active={false}
        now={Date.parse('2026-11-20T12:05:00.000Z')}
        onOpen={() => undefined}
      />
    </MantineProvider>,
  );

const preview = () => screen.getByTestId('ticket-row-preview').textContent;

describe('TicketListItem preview', () => {
  it.each([
    ['[ptt]', 'Mensagem de voz'],
    ['[document]', 'Documento'],
    ['[image]', 'Imagem'],
    ['[location]', 'Localização'],
  ])('shows %s in Portuguese', (stored, shown) => {
    renderRow(stored);
    expect(preview()).toBe(shown);
  });

  it('shows text as it is, brackets and all', () => {
    renderRow('[pedido 123] chegou?');
    expect(preview()).toBe('[pedido 123] chegou?');
  });

  it('shows nothing for a ticket without messages', () => {
    renderRow(null);
    expect(preview()).toBe('');
  });
});
