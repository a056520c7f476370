import { type TMessage, ZId, ZScheduleOptionFields, ZSendMessage } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { discardUploads, readUpload } from './media-upload.js';
import { sendMessage } from './send-message.js';

/** Most files one message call may carry. */
const MAX_FILES = 10;

/**
 * POST /messages/:ticketId as multipart (files in `medias`, the text fields beside them): every file is
 * checked and stored, then each becomes a message (the caption goes with the first) through the same
 * outbound queue as text. `idFront` is kept per file (`<idFront>`, `<idFront>-2`, ...) so a retry stores
 * nothing twice.
 */
export const sendMediaMessages = async (
  services: Pick<TServices, 'db' | 'events' | 'outbound' | 'storage' | 'channels' | 'jobs'>,
  req: FastifyRequest,
  /** POST /messagesSchedule names the ticket among the fields. */
  ticketIdOrField: number | 'field',
): Promise<TMessage> => {
  const { message: parsed, media } = await readUpload(
    services.storage,
    req.ctx.tenantId,
    req,
    { fileField: 'medias', maxFiles: MAX_FILES, allowVoice: true },
    (fields, media) => {
      const message = ZSendMessage.safeParse({
        body: fields.body ?? '',
        idFront: fields.idFront || undefined,
        quotedMsgId: fields.quotedMsgId ? Number(fields.quotedMsgId) : undefined,
        scheduleDate: fields.scheduleDate || undefined,
      });
      if (!message.success)
        throw new AppError('ERR_VALIDATION', { field: String(message.error.issues[0]?.path[0] ?? 'body') });
      const schedule = ZScheduleOptionFields.parse(fields);
      const ticket =
        ticketIdOrField === 'field' ? ZId.safeParse(fields.ticketId) : { success: true, data: ticketIdOrField };
      if (!ticket.success) throw new AppError('ERR_VALIDATION', { field: 'ticketId' });
      if (ticketIdOrField === 'field' && !message.data.scheduleDate)
        throw new AppError('ERR_VALIDATION', { field: 'scheduleDate' });
      return { message: { ...message.data, schedule, ticketId: ticket.data as number }, media };
    },
  );
  const { ticketId } = parsed;
  if (media.length === 0) return sendMessage(services, req.ctx, ticketId, parsed);
  let first: TMessage | undefined;
  for (const [index, item] of media.entries()) {
    try {
      const message = await sendMessage(services, req.ctx, ticketId, {
        body: index === 0 ? parsed.body : '',
        idFront: parsed.idFront ? (index === 0 ? parsed.idFront : `${parsed.idFront}-${index + 1}`) : undefined,
        quotedMsgId: index === 0 ? parsed.quotedMsgId : undefined,
        scheduleDate: parsed.scheduleDate,
        schedule: parsed.schedule,
        media: item,
      });
      first ??= message;
    } catch (error) {
      // Files no message holds (a refused ticket, a failed send) are not kept.
      await discardUploads(services.storage, media.slice(index));
      throw error;
    }
  }
  return first as TMessage;
};
