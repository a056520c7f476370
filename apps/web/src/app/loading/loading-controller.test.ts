import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingController, loadingHideDelayMs, loadingShowGapMs, type TLoadingView } from './loading-controller';

describe('loading overlay timing', () => {
  let views: TLoadingView[];
  const last = () => views.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    views = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows on the first call, with the default text unless one is given', () => {
    const loading = createLoadingController((view) => views.push(view));
    loading.show();
    expect(last()).toEqual({ visible: true, message: null });
    vi.advanceTimersByTime(loadingShowGapMs + 1);
    loading.show('Enviando...');
    expect(last()).toEqual({ visible: true, message: 'Enviando...' });
  });

  it('ignores a show call made 2000 ms or less after the previous show call', () => {
    const loading = createLoadingController((view) => views.push(view));
    loading.show();
    vi.advanceTimersByTime(1500);
    loading.show();
    expect(views).toHaveLength(1);
    // The ignored call still counts as "the previous show call".
    vi.advanceTimersByTime(1500);
    loading.show();
    expect(views).toHaveLength(1);
    // Exactly 2000 ms is not "more than 2000 ms".
    vi.advanceTimersByTime(loadingShowGapMs);
    loading.show();
    expect(views).toHaveLength(1);
    vi.advanceTimersByTime(loadingShowGapMs + 1);
    loading.show();
    expect(views).toHaveLength(2);
  });

  it('hides 1000 ms after a hide call, not before', () => {
    const loading = createLoadingController((view) => views.push(view));
    loading.show();
    loading.hide();
    vi.advanceTimersByTime(loadingHideDelayMs - 1);
    expect(last()?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, message: null });
  });

  it('a show that is displayed cancels a pending hide', () => {
    const loading = createLoadingController((view) => views.push(view));
    loading.show();
    vi.advanceTimersByTime(loadingShowGapMs + 1);
    loading.hide();
    vi.advanceTimersByTime(500);
    loading.show();
    vi.advanceTimersByTime(loadingHideDelayMs * 2);
    expect(last()?.visible).toBe(true);
  });
});
