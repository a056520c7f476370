// Test setup of the web project (vitest.config.ts): jsdom has no matchMedia, ResizeObserver or
// scrollIntoView, and Mantine asks for them. Tests that run in node (crypto) have no window at all.
if (typeof window !== 'undefined') installBrowserGaps();

function installBrowserGaps() {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
}
