/**
 * At most one push per key every `gapMs`: the first goes out at once, those that come within the gap go out
 * together at its end (one push, with the latest value), so a busy source is one push a gap and its last change
 * is never dropped.
 */
export const createPushGap = <T>(gapMs: number, push: (value: T) => void) => {
  /** Keys pushed within the last gap, and the value asked meanwhile, if any. */
  const recent = new Map<string, { again?: { value: T } }>();
  const send = (key: string, value: T) => {
    push(value);
    const window: { again?: { value: T } } = {};
    recent.set(key, window);
    setTimeout(() => {
      recent.delete(key);
      if (window.again) send(key, window.again.value);
    }, gapMs).unref();
  };
  return (key: string, value: T): void => {
    const window = recent.get(key);
    if (window) window.again = { value };
    else send(key, value);
  };
};
