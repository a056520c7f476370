import { aiProviderInfo } from '@prosa/contracts';
import type { TExecutor } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { toMessageDto } from '../../messages/message-dto.js';
import { publishMessageEvent } from '../../messages/message-events.js';
import { setMessageTranscript, type TMessageRow } from '../../messages/messages.service.js';
import { loadTicketDto } from '../../tickets/ticket-rules.js';
import { transcribeAudio } from '../models/transcribe.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { findRunnableAssistants, modelFetch, type TRunnableAssistant } from './runnable-assistant.js';

/** Voice notes longer than this (bytes) are not sent to transcription. */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/** The tenant's transcriber: the first assistant of a provider that transcribes with `transcribeAudio` on. */
export const findTranscriber = async (
  deps: Pick<TAssistantDeps, 'secrets'>,
  tx: TExecutor,
  tenantId: number,
): Promise<TRunnableAssistant | null> =>
  (await findRunnableAssistants(deps, tx, tenantId)).find(
    (assistant) => aiProviderInfo[assistant.provider].transcribes && assistant.settings.transcribeAudio,
  ) ?? null;

const readAll = async (stream: NodeJS.ReadableStream): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
};

/**
 * Transcribes a ticket's voice notes that have no transcript yet, stores each transcript and announces the
 * message as edited (the chat shows the text under the audio). Returns the transcripts by message id; a
 * failure leaves that note without one (logged), never stops the caller.
 */
export const transcribeVoiceNotes = async (
  deps: TAssistantDeps,
  tenantId: number,
  transcriber: TRunnableAssistant,
  notes: readonly Pick<TMessageRow, 'id' | 'ticketId' | 'mediaType' | 'mediaUrl' | 'mediaMime' | 'transcript'>[],
): Promise<Map<number, string>> => {
  const done = new Map<number, string>();
  const info = aiProviderInfo[transcriber.provider];
  for (const note of notes) {
    if (note.mediaType !== 'audio' || note.transcript !== null || !note.mediaUrl?.startsWith('/media/')) continue;
    try {
      const file = await deps.storage.open(note.mediaUrl.slice('/media/'.length));
      if (!file || file.size > MAX_AUDIO_BYTES) continue;
      const audio = await readAll(file.stream);
      const { text: transcript } = await transcribeAudio({
        provider: transcriber.provider,
        baseUrl: transcriber.settings.baseUrl,
        apiKey: transcriber.apiKey,
        model: transcriber.settings.transcriptionModel || info.defaultTranscriptionModel || 'whisper-1',
        audio,
        mimeType: note.mediaMime ?? 'audio/ogg',
        language: 'pt',
        fetch: modelFetch(deps, transcriber.provider),
      });
      if (!transcript.trim()) continue;
      await withTenant(deps.db, tenantId, async (tx) => {
        const row = await setMessageTranscript(tx, tenantId, note.id, transcript.trim());
        if (!row) return;
        const ticket = await loadTicketDto(tx, tenantId, row.ticketId);
        await publishMessageEvent(deps, tx, tenantId, 'message.edited', ticket, toMessageDto(row), { userId: null });
      });
      done.set(note.id, transcript.trim());
    } catch (err) {
      deps.log.warn({ err, messageId: note.id }, 'voice note not transcribed');
    }
  }
  return done;
};
