import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TMessage } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { useUploadProgressStore } from '../store/upload-progress';
import { makeMessage } from '../test-fixtures';
import { MessageBubble } from './message-bubble';

afterEach(cleanup);

const mine = (overrides: Partial<TMessage> = {}) =>
  makeMessage({ id: 10, fromMe: true, userId: 7, status: 'sent', body: 'Seu pedido saiu para entrega', ...overrides });

const renderBubble = (message: TMessage, handlers: Partial<Parameters<typeof MessageBubble>[0]> = {}) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <MessageBubble message={message} currentUserId={7} contactName="Ana" {...handlers} />
    </MantineProvider>,
  );

const bubble = () => screen.getByTestId('message-bubble');

describe('MessageBubble', () => {
  it.each([
    ['pending', 'status-pending', 'Enviando'],
    ['sent', 'status-sent', 'Enviada'],
    ['delivered', 'status-delivered', 'Entregue'],
    ['read', 'status-read', 'Lida'],
  ] as const)('shows the %s tick', (status, testId, label) => {
    renderBubble(mine({ status }));
    const icon = within(bubble()).getByTestId(testId);
    expect(icon.getAttribute('aria-label')).toBe(label);
    expect(bubble().dataset.status).toBe(status);
  });

  it('paints read ticks blue and delivered ticks plain', () => {
    renderBubble(mine({ status: 'read' }));
    expect(screen.getByTestId('status-read').getAttribute('stroke')).toBe('var(--mantine-color-blue-6)');
    cleanup();
    renderBubble(mine({ status: 'delivered' }));
    expect(screen.getByTestId('status-delivered').getAttribute('stroke')).toBe('currentColor');
  });

  it('a failed message shows the red icon, the translated reason and "Reenviar"', () => {
    const onRetry = vi.fn();
    const message = mine({ status: 'failed', failureReason: 'ERR_WAPP_INVALID_CONTACT' });
    renderBubble(message, { onRetry });
    expect(screen.getByTestId('status-failed')).toBeTruthy();
    expect(screen.getByTestId('message-failure').textContent).toContain('Este não é um número de WhatsApp válido.');
    fireEvent.click(screen.getByTestId('message-retry'));
    expect(onRetry).toHaveBeenCalledWith(message);
  });

  it('a failure without a reason still says the message was not sent', () => {
    renderBubble(mine({ status: 'failed', failureReason: null }), { onRetry: vi.fn() });
    expect(screen.getByTestId('message-failure').textContent).toContain('A mensagem não foi enviada.');
  });

  it('customer messages sit on the left without ticks', () => {
    renderBubble(makeMessage({ fromMe: false, status: 'received', body: 'Oi, tudo bem?' }));
    expect(bubble().dataset.fromMe).toBe('false');
    expect(screen.getByTestId('message-body').textContent).toBe('Oi, tudo bem?');
    expect(screen.queryByTestId('status-sent')).toBeNull();
    expect(screen.queryByTestId('status-read')).toBeNull();
  });

  it('an edited message shows the edition and "editada"', () => {
    renderBubble(mine({ body: 'Amanha', edition: 'Amanhã às 10h' }));
    expect(screen.getByTestId('message-body').textContent).toBe('Amanhã às 10h');
    expect(screen.getByTestId('message-body').getAttribute('title')).toBe('Original: Amanha');
    expect(screen.getByTestId('message-edited').textContent).toBe('editada');
  });

  it('a deleted message shows "Mensagem apagada" and nothing of its content', () => {
    renderBubble(mine({ isDeleted: true, body: '', edition: 'x' }));
    expect(screen.getByTestId('message-deleted').textContent).toContain('Mensagem apagada');
    expect(screen.queryByTestId('message-body')).toBeNull();
    expect(screen.queryByTestId('message-edited')).toBeNull();
    expect(screen.queryByTestId('message-actions')).toBeNull();
  });

  it('shows the quoted message with its author', () => {
    renderBubble(
      mine({ quotedMsg: { id: 3, body: 'Qual o prazo?', fromMe: false, mediaType: 'chat', isDeleted: false } }),
    );
    const quote = screen.getByTestId('message-quote');
    expect(quote.textContent).toContain('Ana');
    expect(quote.textContent).toContain('Qual o prazo?');
  });

  it('groups reactions by emoji', () => {
    renderBubble(
      makeMessage({
        reactions: [
          { emoji: '👍', fromMe: false },
          { emoji: '👍', fromMe: true, userId: 7 },
          { emoji: '❤️', fromMe: false },
        ],
      }),
    );
    const reactions = screen.getByTestId('message-reactions').textContent ?? '';
    expect(reactions).toContain('👍 2');
    expect(reactions).toContain('❤️');
  });

  it('an optimistic (not yet stored) bubble has no actions menu', () => {
    renderBubble(mine({ id: -5, idFront: 'abc', status: 'pending' }), { onReply: vi.fn() });
    expect(screen.queryByTestId('message-actions')).toBeNull();
    expect(screen.getByTestId('status-pending')).toBeTruthy();
  });
});

describe('MessageBubble media', () => {
  const media = (mediaType: string, overrides: Partial<TMessage> = {}) =>
    makeMessage({ mediaType, mediaUrl: `/media/1/2026-11/${'a'.repeat(32)}.bin`, body: '', ...overrides });

  it('an image shows a thumbnail that opens a lightbox with a download link, and its caption below', async () => {
    renderBubble(media('image', { mediaName: 'foto.png', body: 'Segue a foto' }));
    const thumbnail = within(screen.getByTestId('message-image')).getByRole('img');
    expect(thumbnail.getAttribute('alt')).toBe('foto.png');
    expect(screen.getByTestId('message-body').textContent).toBe('Segue a foto');
    fireEvent.click(screen.getByRole('button', { name: 'Ampliar imagem' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('foto.png')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Baixar' }).getAttribute('download')).toBe('foto.png');
  });

  it('a sticker is a picture without a lightbox', () => {
    renderBubble(media('sticker'));
    expect(screen.getByTestId('message-sticker').getAttribute('alt')).toBe('Figurinha');
    expect(screen.queryByTestId('message-image')).toBeNull();
  });

  it.each([
    ['audio', 'message-audio', 'Áudio'],
    ['ptt', 'message-voice', 'Mensagem de voz'],
  ])('%s plays in an audio player', (mediaType, testId, label) => {
    const message = media(mediaType);
    renderBubble(message);
    const player = screen.getByTestId(testId);
    expect(player.querySelector('audio')?.getAttribute('src')).toBe(message.mediaUrl);
    expect(player.querySelector('audio')?.hasAttribute('controls')).toBe(true);
    expect(within(player).getByLabelText(label)).toBeTruthy();
  });

  it('a video plays in a video player', () => {
    const message = media('video');
    renderBubble(message);
    const video = screen.getByTestId('message-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe(message.mediaUrl);
  });

  it('a document is a card with its name, size and a download link', () => {
    const message = media('document', { mediaName: 'orçamento.pdf', mediaSize: 1_450_000, body: 'O orçamento' });
    renderBubble(message);
    const card = screen.getByTestId('message-document');
    expect(card.textContent).toContain('orçamento.pdf');
    expect(screen.getByTestId('message-document-size').textContent).toBe('1,4 MB');
    const download = screen.getByTestId('message-download');
    expect(download.getAttribute('href')).toBe(message.mediaUrl);
    expect(download.getAttribute('download')).toBe('orçamento.pdf');
    expect(download.getAttribute('aria-label')).toBe('Baixar orçamento.pdf');
    expect(screen.getByTestId('message-body').textContent).toBe('O orçamento');
  });

  it('a file that is still uploading shows its progress', () => {
    useUploadProgressStore.getState().set('up-1', 0.42);
    renderBubble(
      mine({ id: -9, idFront: 'up-1', status: 'pending', mediaType: 'image', mediaUrl: 'blob:foto', body: '' }),
    );
    const bar = screen.getByTestId('message-upload-progress');
    expect(within(bar).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    useUploadProgressStore.getState().clear('up-1');
  });

  it('a message of an unknown format says so above its raw content, not that a file is missing', () => {
    renderBubble(makeMessage({ mediaType: 'unknown', mediaUrl: null, body: '{"type":"mms","from":"+5511987650032"}' }));
    expect(screen.getByTestId('message-unknown-format').textContent).toContain('formato que o canal não descreve');
    expect(screen.getByTestId('message-body').textContent).toContain('"type":"mms"');
    expect(screen.queryByText(/indisponível/)).toBeNull();
  });

  it('a location is its place and map link under a pin, with no "unavailable" line', () => {
    const body = 'Loja - Rua A, 1\nhttps://maps.google.com/maps?q=-23.5,-46.6';
    renderBubble(makeMessage({ mediaType: 'location', mediaUrl: null, body }));
    expect(screen.getByTestId('message-location').textContent).toBe('Localização');
    expect(screen.getByTestId('message-body').textContent).toBe(body);
    expect(screen.queryByText(/indisponível/)).toBeNull();
  });

  it('media without a file says it is unavailable', () => {
    renderBubble(makeMessage({ mediaType: 'video', mediaUrl: null, body: '' }));
    expect(screen.getByText('Mídia (video) indisponível')).toBeTruthy();
  });
});

describe('MessageBubble pending files', () => {
  it('a document still uploading is a card with its name, size and progress', () => {
    useUploadProgressStore.getState().set('up-2', 0.5);
    renderBubble(
      mine({
        id: -10,
        idFront: 'up-2',
        status: 'pending',
        mediaType: 'document',
        mediaUrl: null,
        mediaName: 'contrato.pdf',
        mediaSize: 2048,
        body: '',
      }),
    );
    const card = screen.getByTestId('message-pending-file');
    expect(card.textContent).toContain('contrato.pdf');
    expect(card.textContent).toContain('2 KB');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    useUploadProgressStore.getState().clear('up-2');
  });

  it("names the group member who wrote a customer's message, with their number", () => {
    renderBubble(
      makeMessage({
        id: 11,
        fromMe: false,
        body: 'Bom dia, pessoal',
        sender: { name: 'Rita', number: '5511977770002' },
      }),
    );
    expect(screen.getByTestId('message-sender').textContent).toBe('Rita · (11) 97777-0002');
    cleanup();
    renderBubble(makeMessage({ id: 12, fromMe: false, body: 'Oi' }));
    expect(screen.queryByTestId('message-sender')).toBeNull();
  });
});
