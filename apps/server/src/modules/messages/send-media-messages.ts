import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { type TMessage, ZSendMessage } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { storeUpload } from './media-upload.js';
import { sendMessage, type TMediaInput } from './send-message.js';

/** Most files one message call may carry. */
const MAX_FILES = 10;

/**
 * POST /messages/:ticketId as multipart (files in `medias`, the text fields beside them): every file is
 * checked and stored, then each becomes a message (the caption goes with the first) through the same
 * outbound queue as text. `idFront` is kept per file (`<idFront>`, `<idFront>-2`, ...) so a retry stores
 * nothing twice.
 */
export const sendMediaMessages = async (
  services: Pick<TServices, 'db' | 'realtime' | 'outbound' | 'storage' | 'channels'>,
  req: FastifyRequest,
  ticketId: number,
): Promise<TMessage> => {
  const fields: Record<string, string> = {};
  const media: TMediaInput[] = [];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (file.fieldname !== 'medias' || media.length >= MAX_FILES) {
        await file.toBuffer().catch(() => undefined);
        throw new AppError('ERR_VALIDATION', { field: 'medias', detail: `up to ${MAX_FILES} files in "medias"` });
      }
      media.push(await storeUpload(services.storage, req.ctx.tenantId, file, { isVoice: fields.isVoice === 'true' }));
    } else {
      fields[part.fieldname] = String((part as MultipartValue).value);
    }
  }
  const parsed = ZSendMessage.safeParse({
    body: fields.body ?? '',
    idFront: fields.idFront || undefined,
    quotedMsgId: fields.quotedMsgId ? Number(fields.quotedMsgId) : undefined,
  });
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', { field: String(parsed.error.issues[0]?.path[0] ?? 'body') });
  if (media.length === 0) return sendMessage(services, req.ctx, ticketId, parsed.data);
  let first: TMessage | undefined;
  for (const [index, item] of media.entries()) {
    const message = await sendMessage(services, req.ctx, ticketId, {
      body: index === 0 ? parsed.data.body : '',
      idFront: parsed.data.idFront
        ? index === 0
          ? parsed.data.idFront
          : `${parsed.data.idFront}-${index + 1}`
        : undefined,
      quotedMsgId: index === 0 ? parsed.data.quotedMsgId : undefined,
      media: item,
    });
    first ??= message;
  }
  return first as TMessage;
};
