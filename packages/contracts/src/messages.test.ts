import { describe, expect, it } from 'vitest';
import { messagePreview, previewMediaType } from './messages.js';

describe('message previews', () => {
  it('keep the text, cut to 255 characters', () => {
    expect(messagePreview('Olá, tudo bem?', 'chat')).toBe('Olá, tudo bem?');
    expect(messagePreview('a'.repeat(300), 'chat')).toHaveLength(255);
  });

  it('name the media kind when there is no text', () => {
    expect(messagePreview('  ', 'ptt')).toBe('[ptt]');
    expect(messagePreview('', 'document')).toBe('[document]');
    expect(messagePreview('legenda da foto', 'image')).toBe('legenda da foto');
  });

  it('read the media kind back, and only a known one', () => {
    expect(previewMediaType('[ptt]')).toBe('ptt');
    expect(previewMediaType('[location]')).toBe('location');
    expect(previewMediaType('[qualquer]')).toBeNull();
    expect(previewMediaType('veja [image] aqui')).toBeNull();
    expect(previewMediaType('Olá')).toBeNull();
  });
});
