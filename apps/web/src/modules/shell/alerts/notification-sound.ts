import type { TMessage } from '@prosa/contracts';

/**
 * A new customer message deserves a sound when its conversation is not in front of the agent: another ticket
 * (or none) is open, or the browser tab is hidden.
 */
export const shouldPlayNewMessageSound = (
  message: Pick<TMessage, 'fromMe' | 'ticketId' | 'status'>,
  openTicketId: number | null,
  tabHidden: boolean,
): boolean => {
  if (message.fromMe || message.status === 'scheduled') return false;
  return tabHidden || openTicketId !== message.ticketId;
};

const minGapMs = 1500;
let context: AudioContext | null = null;
let lastPlayed = 0;

/** Two short sine notes made with WebAudio (no audio file to download); quiet, and at most one per 1.5 s. */
export const playNewMessageTone = (): void => {
  const now = Date.now();
  if (now - lastPlayed < minGapMs) return;
  lastPlayed = now;
  try {
    const AudioContextClass =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    // Browsers keep the context suspended until the page had a user gesture; then it simply stays silent.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.14;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.13);
    }
  } catch {
    // No sound is better than a broken screen.
  }
};
