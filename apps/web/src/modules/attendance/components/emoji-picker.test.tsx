import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import enData from 'emojibase-data/en/data.json';
import enMessages from 'emojibase-data/en/messages.json';
import ptData from 'emojibase-data/pt/data.json';
import ptMessages from 'emojibase-data/pt/messages.json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { EmojiPicker } from './emoji-picker';
import { readRecentEmoji } from './recent-emoji';

const files: Record<string, unknown> = {
  'pt/data.json': ptData,
  'pt/messages.json': ptMessages,
  'en/data.json': enData,
  'en/messages.json': enMessages,
};
const fetched: string[] = [];

beforeEach(() => {
  localStorage.clear();
  fetched.length = 0;
  // Our origin serves the installed emojibase-data files (the Vite plugin copies them into the build).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    fetched.push(url);
    const match = url.match(/\/emojibase\/([a-z]+\/[a-z]+\.json)$/);
    const file = match && url.startsWith(window.location.origin) ? files[match[1] as string] : undefined;
    if (!file) return new Response('', { status: 404 });
    const body = JSON.stringify(file);
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPicker = (onPick: (emoji: string) => void) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <EmojiPicker onPick={onPick} />
    </MantineProvider>,
  );

describe('emoji picker', () => {
  it('loads the Portuguese emoji data from our own origin, never from a CDN', async () => {
    renderPicker(() => undefined);
    fireEvent.click(screen.getByTestId('composer-emoji'));
    await waitFor(() => expect(fetched.some((url) => url.endsWith('/emojibase/pt/data.json'))).toBe(true));
    for (const url of fetched) expect(url.startsWith(`${window.location.origin}/emojibase/`), url).toBe(true);
  });

  it('finds an emoji by its Portuguese name, picks it with the keyboard and keeps it among the recent ones', async () => {
    const onPick = vi.fn();
    renderPicker(onPick);
    fireEvent.click(screen.getByTestId('composer-emoji'));
    const search = await screen.findByTestId('emoji-search');
    // frimousse measures its cells with a placeholder first; the real ones carry their names.
    const named = () => screen.queryAllByTestId('emoji-option').filter((b) => b.getAttribute('aria-label'));
    // Searched only once the data is in: a search typed while it loads can be dropped when it arrives.
    await waitFor(() => expect(named().length).toBeGreaterThan(0));
    fireEvent.change(search, { target: { value: 'gato' } });
    await waitFor(() => expect(named()[0]?.getAttribute('aria-label')?.toLowerCase()).toContain('gato'));
    const first = named()[0] as HTMLElement;
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(first.textContent));
    expect(readRecentEmoji()).toEqual([first.textContent]);
    fireEvent.click(screen.getByTestId('composer-emoji'));
    expect((await screen.findAllByTestId('emoji-recent-option'))[0]?.textContent).toBe(first.textContent);
  });
});
