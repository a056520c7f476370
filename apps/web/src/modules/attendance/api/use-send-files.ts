import type { TMessage } from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { describeApiError } from '../../../app/http/errors';
import { notifyError } from '../../../app/notify';
import { useUploadProgressStore } from '../store/upload-progress';
import { addOptimisticMessage, createOptimisticMessage } from './message-cache';
import { applyMessageToCache, patchMessages } from './messages-api';

/** A large file on a slow line takes longer than the API's usual 20 s. */
const uploadTimeoutMs = 5 * 60_000;

/** The kind a file will most likely be stored as (the server decides from the bytes). */
export const mediaTypeOf = (file: File, voice = false): string => {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('audio/')) return voice ? 'ptt' : 'audio';
  if (file.type.startsWith('video/')) return 'video';
  return 'document';
};

export type TSendFilesInput = {
  ticketId: number;
  contactId: number;
  files: File[];
  /** Goes with the first file. */
  caption: string;
  quoted?: TMessage | null;
  userId: number | null;
  /** A voice note recorded in the browser: sent as ptt. */
  voice?: boolean;
};

/**
 * Sends files one request each (files in `medias`, the caption and the quote with the first). A pending bubble
 * shows at once (pictures from the local copy, other files as a card) with the upload's progress; the server's answer replaces it by
 * idFront. A refused file (type, size) leaves the conversation with the reason: there is nothing to retry until
 * the agent picks another file.
 */
export const useSendFiles = () => {
  const queryClient = useQueryClient();
  const progress = useUploadProgressStore.getState;
  return useMutation({
    mutationFn: async (input: TSendFilesInput) => {
      for (const [index, file] of input.files.entries()) {
        const idFront = crypto.randomUUID();
        const first = index === 0;
        // Pictures show from the local copy at once (img-src allows blob:); other kinds show as a file card.
        const localUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        const optimistic: TMessage = {
          ...createOptimisticMessage({
            idFront,
            ticket: { id: input.ticketId, contactId: input.contactId },
            userId: input.userId,
            body: first ? input.caption : '',
            quoted: first ? (input.quoted ?? null) : null,
          }),
          mediaType: mediaTypeOf(file, input.voice),
          mediaUrl: localUrl,
          mediaName: file.name,
          mediaSize: file.size,
        };
        patchMessages(queryClient, input.ticketId, (pages) => addOptimisticMessage(pages, optimistic));
        progress().set(idFront, 0);
        const form = new FormData();
        form.append('idFront', idFront);
        if (first && input.caption) form.append('body', input.caption);
        if (first && input.quoted) form.append('quotedMsgId', String(input.quoted.id));
        if (input.voice) form.append('isVoice', 'true');
        // Files last: the server reads the text fields before the files they describe.
        form.append('medias', file, file.name);
        try {
          const saved = (
            await http.post<TMessage>(`/messages/${input.ticketId}`, form, {
              timeout: uploadTimeoutMs,
              onUploadProgress: (event) => {
                if (event.total) progress().set(idFront, event.loaded / event.total);
              },
            })
          ).data;
          applyMessageToCache(queryClient, 'chat:create', saved);
        } catch (error) {
          patchMessages(queryClient, input.ticketId, (pages) =>
            pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.idFront !== idFront) })),
          );
          notifyError(`${file.name}: ${describeApiError(error)}`);
        } finally {
          progress().clear(idFront);
          // The bubble now shows the server's copy; the local one can go once the picture has moved over.
          if (localUrl) setTimeout(() => URL.revokeObjectURL(localUrl), 10_000);
        }
      }
    },
  });
};
