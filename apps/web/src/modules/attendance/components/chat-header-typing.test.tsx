import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../app/i18n/i18n';
import { dispatchPresenceEvent } from '../../../app/realtime/socket';
import { buildTheme } from '../../../app/theme/theme';
import { makeTicket } from '../test-fixtures';
import { ChatHeader } from './chat-header';

afterEach(cleanup);

const renderHeader = (ticketId: number) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <ChatHeader
        ticket={makeTicket({ id: ticketId })}
        busy={null}
        onAction={() => undefined}
        onToggleContact={() => undefined}
      />
    </MantineProvider>,
  );

describe('chat header', () => {
  it("shows 'digitando...' while the customer types, and hides it when they pause", () => {
    renderHeader(7);
    expect(screen.queryByTestId('chat-contact-typing')).toBeNull();
    act(() => dispatchPresenceEvent({ ticketId: 7, from: 'contact', state: 'composing' }));
    expect(screen.getByTestId('chat-contact-typing').textContent).toBe('digitando...');
    act(() => dispatchPresenceEvent({ ticketId: 7, from: 'contact', state: 'paused' }));
    expect(screen.queryByTestId('chat-contact-typing')).toBeNull();
  });

  it("ignores another ticket's customer and the agents' own typing", () => {
    renderHeader(7);
    act(() => dispatchPresenceEvent({ ticketId: 8, from: 'contact', state: 'composing' }));
    act(() => dispatchPresenceEvent({ ticketId: 7, from: 3, state: 'composing' }));
    expect(screen.queryByTestId('chat-contact-typing')).toBeNull();
  });
});
