import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TFlowInteraction } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../../app/http/client';
import '../../../../app/i18n/i18n';
import { buildTheme } from '../../../../app/theme/theme';
import { InteractionEditor } from './interaction-editors';

// Mantine's autosize textarea listens to font loading, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

const original = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = original;
});

type TMedia = Extract<TFlowInteraction, { type: 'MediaField' }>;

const empty: TMedia = {
  id: 'm1',
  type: 'MediaField',
  data: { mediaUrl: '', mimeType: '', name: '', caption: 'Nosso cardápio' },
};

/** POST /chat-flow-media answers `status` with `data`; the calls it saw are returned. */
const serve = (status: number, data: object) => {
  const calls: { url: string; method: string; file: File | null }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const form = config.data instanceof FormData ? config.data : null;
    calls.push({
      url: config.url ?? '',
      method: (config.method ?? 'get').toUpperCase(),
      file: form?.get('file') as File,
    });
    if (status >= 400)
      throw Object.assign(new Error(`HTTP ${status}`), {
        isAxiosError: true,
        config,
        response: { data, status, statusText: '', headers: {}, config },
      });
    return { data, status, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

/** The editor holding its step, as the step panel does; every change it reports lands in `changes`. */
const Editor = ({ changes }: { changes: TMedia[] }) => {
  const [interaction, setInteraction] = useState<TMedia>(empty);
  return (
    <InteractionEditor
      interaction={interaction}
      onChange={(next) => {
        changes.push(next as TMedia);
        setInteraction(next as TMedia);
      }}
      lookups={{ flows: [], tags: [] }}
      testId="media"
    />
  );
};

const renderEditor = () => {
  const changes: TMedia[] = [];
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <Editor changes={changes} />
    </MantineProvider>,
  );
  return changes;
};

const pick = (file: File) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('media step editor', () => {
  it('uploads the chosen file and fills the step with the stored file, its type and name', async () => {
    const stored = {
      mediaUrl: '/media/3/2026-11/0123456789abcdef0123456789abcdef.png',
      mimeType: 'image/png',
      name: 'cardápio.png',
    };
    const calls = serve(201, stored);
    const changes = renderEditor();
    expect(screen.getByTestId('media-upload').textContent).toContain('Enviar arquivo');
    pick(new File([new Uint8Array([137, 80, 78, 71])], 'cardápio.png', { type: 'image/png' }));

    await waitFor(() => expect(changes.at(-1)?.data).toEqual({ ...stored, caption: 'Nosso cardápio' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/chat-flow-media', method: 'POST' });
    expect(calls[0]?.file?.name).toBe('cardápio.png');
    expect(screen.getByTestId('media-file').textContent).toBe('Arquivo enviado: cardápio.png');
    expect(screen.getByTestId('media-preview').getAttribute('src')).toBe(stored.mediaUrl);
    // The link field stays, showing the stored address.
    expect((screen.getByTestId('media-url') as HTMLInputElement).value).toBe(stored.mediaUrl);
  });

  it('says why a refused file was not uploaded and leaves the step as it was', async () => {
    serve(413, { error: 'ERR_PAYLOAD_TOO_LARGE' });
    const changes = renderEditor();
    pick(new File([new Uint8Array(10)], 'grande.png', { type: 'image/png' }));
    expect((await screen.findByTestId('media-upload-error')).textContent).toBe('O arquivo é maior que o permitido.');
    expect(changes).toEqual([]);
    expect(screen.queryByTestId('media-preview')).toBeNull();
  });
});
