import { z } from 'zod';

/**
 * Farewell messages ("mensagens de fechamento", `/fechamento`): texts an agent picks when closing a ticket.
 * `shared` ones (no owner) belong to the whole tenant and only managers keep them; the others are the agent's own.
 */
export const ZFarewellMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  userId: z.number().int().nullable(),
  shared: z.boolean(),
});
export type TFarewellMessage = z.infer<typeof ZFarewellMessage>;
// NOTE: updates use the fields without defaults, so a PUT naming only `message` does not flip `shared`.
const farewellFields = { message: z.string().trim().min(1).max(4096), shared: z.boolean() };
export const ZFarewellMessageBody = z.object({ ...farewellFields, shared: farewellFields.shared.default(false) });
export type TFarewellMessageBody = z.input<typeof ZFarewellMessageBody>;
export const ZFarewellMessageUpdate = z
  .object(farewellFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });
