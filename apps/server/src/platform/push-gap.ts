/**
 * At most one push per key every `gapMs`: the first goes out at once, those that come within the gap go out
 * together at its end (one push), so a busy source is one push a gap and its last change is never dropped.
 */
export const createPushGap = (gapMs: number, push: (key: string) => void) => {
  /** Keys pushed within the last gap, and whether another push was asked meanwhile. */
  const recent = new Map<string, { again: boolean }>();
  const send = (key: string) => {
    push(key);
    const window = { again: false };
    recent.set(key, window);
    setTimeout(() => {
      recent.delete(key);
      if (window.again) send(key);
    }, gapMs).unref();
  };
  return (key: string): void => {
    const window = recent.get(key);
    if (window) window.again = true;
    else send(key);
  };
};
