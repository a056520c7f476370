import { create } from 'zustand';

/** Upload progress (0..1) of the files being sent, by the pending bubble's idFront. */
type TUploadProgressState = {
  progress: Record<string, number>;
  set: (idFront: string, value: number) => void;
  clear: (idFront: string) => void;
};

export const useUploadProgressStore = create<TUploadProgressState>((set) => ({
  progress: {},
  set: (idFront, value) => set((state) => ({ progress: { ...state.progress, [idFront]: value } })),
  clear: (idFront) =>
    set((state) => {
      const { [idFront]: _gone, ...rest } = state.progress;
      return { progress: rest };
    }),
}));

/** The progress of one pending bubble, or null when it is not uploading. */
export const useUploadProgress = (idFront: string | null): number | null =>
  useUploadProgressStore((state) => (idFront ? (state.progress[idFront] ?? null) : null));
