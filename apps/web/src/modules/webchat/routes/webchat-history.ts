import type { TWebchatMessage } from '@prosa/contracts';

/** A message on the visitor's screen: the server's, or one still on its way (`local`, with its file if any). */
export type TVisitorMessage = TWebchatMessage & { local?: 'pending' | 'failed'; clientId?: string; file?: File };

/**
 * The history the server sent, plus what the screen has that it lacks: messages still on their way, and those
 * that arrived while it was being read (a snapshot taken just before a send must not make the send vanish). A
 * message on its way whose saved copy is in the history shows once.
 */
export const mergeHistory = (history: TVisitorMessage[], current: TVisitorMessage[]) => {
  const known = new Set(history.map((m) => m.id));
  const kept = current.filter(
    (m) => !known.has(m.id) && !(m.local && m.clientId && history.some((h) => h.id.endsWith(`-${m.clientId}`))),
  );
  return [...history, ...kept].sort((a, b) => a.timestamp - b.timestamp);
};
