import { useCallback, useEffect, useRef, useState } from 'react';

/** Types a browser may record in, best first: WebM/Opus (Chrome, Firefox), Ogg/Opus, MP4 (Safari). */
const candidateTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

const extensionOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm');

export type TVoiceRecorder = {
  recording: boolean;
  /** Whole seconds since the recording started. */
  seconds: number;
  supported: boolean;
  /** Asks for the microphone and starts; rejects when the agent or the browser refuses. */
  start: () => Promise<void>;
  /** Stops and hands back the recording as a file (null when nothing was recorded). */
  stop: () => Promise<File | null>;
  /** Stops and throws the recording away. */
  cancel: () => void;
};

/** A voice note recorded with MediaRecorder, in whatever format the browser records. */
export const useVoiceRecorder = (): TVoiceRecorder => {
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const supported =
    typeof window !== 'undefined' && 'MediaRecorder' in window && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    if (!recording) return;
    const startedAt = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const release = useCallback(() => {
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setRecording(false);
    setSeconds(0);
  }, []);

  // Leaving the chat mid-recording must not leave the microphone on.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = candidateTypes.find((type) => MediaRecorder.isTypeSupported(type));
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    next.start();
    recorder.current = next;
    setSeconds(0);
    setRecording(true);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<File | null>((resolve) => {
        const current = recorder.current;
        if (current?.state !== 'recording') {
          release();
          resolve(null);
          return;
        }
        current.onstop = () => {
          const type = (current.mimeType || 'audio/webm').split(';')[0] as string;
          const blob = new Blob(chunks.current, { type });
          chunks.current = [];
          release();
          const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
          resolve(blob.size > 0 ? new File([blob], `audio-${stamp}.${extensionOf(type)}`, { type }) : null);
        };
        current.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const current = recorder.current;
    if (current && current.state === 'recording') {
      current.onstop = null;
      current.stop();
    }
    chunks.current = [];
    release();
  }, [release]);

  return { recording, seconds, supported, start, stop, cancel };
};
