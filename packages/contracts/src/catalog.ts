import { z } from 'zod';
import { ZHexColor, ZIdArray } from './common.js';

/** Closing reasons ("motivos", `/configuracoes/motivos`). */
export const ZReason = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
export type TReason = z.infer<typeof ZReason>;
// NOTE: updates are built from the fields without defaults: a default inside `.partial()` would still fill
// in, and a PUT that names one field would reset the others.
const reasonFields = { name: z.string().trim().min(1).max(80), isActive: z.boolean() };
export const ZReasonBody = z.object({ ...reasonFields, isActive: reasonFields.isActive.default(true) });
export const ZReasonUpdate = z
  .object(reasonFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });

/** Tags ("etiquetas") of tickets and contacts. */
export const ZTag = z.object({ id: z.number().int(), tag: z.string(), color: z.string(), isActive: z.boolean() });
export type TTag = z.infer<typeof ZTag>;
const tagFields = { tag: z.string().trim().min(1).max(60), color: ZHexColor, isActive: z.boolean() };
export const ZTagBody = z.object({
  ...tagFields,
  color: tagFields.color.default('#5c67f2'),
  isActive: tagFields.isActive.default(true),
});
export const ZTagUpdate = z
  .object(tagFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });

/** Quick messages ("mensagens rápidas"): a shortcut the composer expands after "/", optionally per queue. */
export const ZFastReply = z.object({
  id: z.number().int(),
  key: z.string(),
  message: z.string(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  queueIds: z.array(z.number().int()),
});
export type TFastReply = z.infer<typeof ZFastReply>;
const fastReplyFields = {
  key: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[^\s/]+$/, 'no spaces or slashes'),
  message: z.string().trim().min(1).max(4096),
  queueIds: ZIdArray(50),
};
export const ZFastReplyBody = z.object({ ...fastReplyFields, queueIds: fastReplyFields.queueIds.default([]) });
export const ZFastReplyUpdate = z
  .object(fastReplyFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });
