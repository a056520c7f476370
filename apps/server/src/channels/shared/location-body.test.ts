import { describe, expect, it } from 'vitest';
import { locationBody, locationMessage, readLocation } from './location-body.js';

describe('one location body for every channel', () => {
  it('is the label line (name - address) and a map link, as every channel stored it before', () => {
    expect(locationMessage({ latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A, 1' })).toEqual({
      mediaType: 'location',
      body: 'Loja - Rua A, 1\nhttps://maps.google.com/maps?q=-23.5,-46.6',
    });
    expect(locationBody({ latitude: -8.03, longitude: -34.89, name: null, address: null })).toBe(
      'https://maps.google.com/maps?q=-8.03,-34.89',
    );
  });

  it('reads coordinates written as text and refuses what points nowhere', () => {
    expect(readLocation({ latitude: '-23.5', longitude: ' -46.6 ', name: '  ' })).toEqual({
      latitude: -23.5,
      longitude: -46.6,
      name: null,
      address: null,
    });
    expect(readLocation({ latitude: 0, longitude: 0 })).toMatchObject({ latitude: 0, longitude: 0 });
    expect(readLocation({ latitude: undefined, longitude: -46.6 })).toBeNull();
    expect(readLocation({ latitude: 'abc', longitude: -46.6 })).toBeNull();
    expect(readLocation({ latitude: 91, longitude: 0 })).toBeNull();
    expect(locationMessage({ latitude: null, longitude: null })).toBeNull();
  });
});
