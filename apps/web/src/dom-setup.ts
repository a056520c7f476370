// Test setup of the web project (vitest.config.ts): the test DOM has no matchMedia, ResizeObserver or
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

// Test files share a worker (vitest `isolate: false`), and with it Mantine's one notifications store: toasts
// left by one file would fill the visible slots and queue the next file's. Each test starts with none.
// `findBy…`/`waitFor` wait up to 5 s for what they look for (CI runs the browser suite beside this one; the
// 1 s default failed there), and return as soon as it shows.
if (typeof window !== 'undefined') {
  const { beforeEach } = await import('vitest');
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  const { notifications } = await import('@mantine/notifications');
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
}

export {};
