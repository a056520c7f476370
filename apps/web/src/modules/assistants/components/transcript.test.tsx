import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { MessageMedia } from '../../attendance/components/message-media';
import { makeMessage } from '../../attendance/test-fixtures';

afterEach(cleanup);

const renderMedia = (message: ReturnType<typeof makeMessage>) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <MessageMedia message={message} />
    </MantineProvider>,
  );

describe('a voice note with a transcript', () => {
  it('shows "Transcrição:" and the text under the player', () => {
    renderMedia(
      makeMessage({ mediaType: 'ptt', mediaUrl: '/public/voz.ogg', body: '', transcript: 'Quero trocar o tamanho' }),
    );
    expect(screen.getByTestId('message-voice')).toBeDefined();
    expect(screen.getByTestId('message-transcript').textContent).toBe('Transcrição: Quero trocar o tamanho');
  });

  it('shows nothing more without one, and never on other media', () => {
    renderMedia(makeMessage({ mediaType: 'audio', mediaUrl: '/public/a.mp3', body: '', transcript: null }));
    expect(screen.queryByTestId('message-transcript')).toBeNull();
    cleanup();
    renderMedia(makeMessage({ mediaType: 'image', mediaUrl: '/public/a.png', body: '', transcript: 'x' }));
    expect(screen.queryByTestId('message-transcript')).toBeNull();
  });
});
