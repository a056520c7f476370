import { onceInTx } from '../../../platform/db/once-in-tx.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import { findMessage } from '../../messages/messages.service.js';
import { findTicketRow } from '../../tickets/tickets.service.js';
import { hasAnswererRows } from '../assistants.repository.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { assistantReplyJob, replyGroupOf } from './assistant-reply.job.js';
import { isTicketForAssistant, pickAssistant } from './pick-assistant.js';
import { findAnswerers } from './runnable-assistant.js';
import { findTranscriber, transcribeVoiceNotes } from './transcribe-voice-notes.js';

export const ASSISTANT_LISTENER = 'assistant';

/**
 * The AI assistants hear customer messages. A ticket an assistant answers gets a reply job, due when the burst
 * window has passed (the job defers itself while messages keep coming). Any other ticket's voice note is
 * transcribed for the agents when the tenant has a transcriber.
 */
export const assistantListener = (deps: TAssistantDeps): TEventListener<'message.received'> => ({
  name: ASSISTANT_LISTENER,
  events: ['message.received'],
  scope: 'once',
  attempts: 5,
  // A cheap read on every customer message: is any assistant or bot set up (nothing decrypted here)?
  concerns: async (tx, event) =>
    !event.ticket.isGroup &&
    (await onceInTx(tx, `answerers:${event.tenantId}`, () => hasAnswererRows(tx, event.tenantId))),
  handle: async (event) => {
    const { tenantId, ticketId } = event;
    const now = deps.now?.() ?? new Date();
    const decided = await withTenant(deps.db, tenantId, async (tx) => {
      const row = await findTicketRow(tx, tenantId, ticketId);
      if (!row) return null;
      const assistants = await findAnswerers(deps, tx, tenantId);
      const assistant = isTicketForAssistant(row) ? pickAssistant(assistants, row) : null;
      if (assistant) {
        await deps.jobs.enqueue(
          assistantReplyJob(null),
          { tenantId, ticketId },
          {
            tx,
            tenantId,
            key: `assistant-reply-${event.messageId}`,
            group: replyGroupOf(ticketId),
            startAfter: new Date(
              now.getTime() + (assistant.kind === 'ai' ? assistant.settings.burstSeconds : 0) * 1000,
            ),
          },
        );
        return null;
      }
      const message = await findMessage(tx, tenantId, event.messageId);
      if (message?.mediaType !== 'audio') return null;
      const transcriber = await findTranscriber(deps, tx, tenantId);
      return transcriber ? { transcriber, message } : null;
    });
    if (decided) await transcribeVoiceNotes(deps, tenantId, decided.transcriber, [decided.message]);
  },
});
