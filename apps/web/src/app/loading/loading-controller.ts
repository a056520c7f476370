/** Loading overlay timing (spec 4 and 9). */
export const loadingShowGapMs = 2000;
export const loadingHideDelayMs = 1000;

export type TLoadingView = { visible: boolean; message: string | null };

export type TLoadingController = {
  /** Show the overlay, unless the previous show call was 2000 ms ago or less. `message` null = default text. */
  show: (message?: string | null) => void;
  /** Hide the overlay 1000 ms from now. */
  hide: () => void;
  dispose: () => void;
};

export type TLoadingClock = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const systemClock: TLoadingClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const createLoadingController = (
  render: (view: TLoadingView) => void,
  clock: TLoadingClock = systemClock,
): TLoadingController => {
  let lastShowCall = Number.NEGATIVE_INFINITY;
  let hideTimer: unknown = null;

  const cancelHide = (): void => {
    if (hideTimer !== null) clock.clearTimeout(hideTimer);
    hideTimer = null;
  };

  return {
    show: (message = null) => {
      const now = clock.now();
      const elapsed = now - lastShowCall;
      // NOTE: every call counts as "the previous show call", shown or not.
      lastShowCall = now;
      if (elapsed <= loadingShowGapMs) return;
      cancelHide();
      render({ visible: true, message });
    },
    hide: () => {
      cancelHide();
      hideTimer = clock.setTimeout(() => {
        hideTimer = null;
        render({ visible: false, message: null });
      }, loadingHideDelayMs);
    },
    dispose: cancelHide,
  };
};
