import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from './storage';

// The web chat embedded in another site runs in a third-party frame, where a browser blocking third-party
// cookies throws on any touch of window.sessionStorage / localStorage: the page must still start.
describe('browserStorage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the real storage when the browser allows it', () => {
    expect(browserStorage('sessionStorage')).toBe(window.sessionStorage);
  });

  it('keeps keys in memory when the browser denies storage to the frame', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
    });
    const tab = browserStorage('sessionStorage');
    tab.setItem('prosa:chunk-reload', '1');
    expect(browserStorage('sessionStorage').getItem('prosa:chunk-reload')).toBe('1');
    tab.removeItem('prosa:chunk-reload');
    expect(browserStorage('sessionStorage').getItem('prosa:chunk-reload')).toBeNull();
  });
});
