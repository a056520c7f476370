import { z } from 'zod';
import { ZRowId } from './common.js';

/** How many earlier messages one history request asks for (the phone answers in pages of its own). */
export const ZHistoryCount = z.number().int().min(1).max(500).default(100);

/** POST /messages/syncOld: the conversation's earlier messages, asked of its channel. */
export const ZSyncOldBody = z.object({ ticketId: ZRowId, count: ZHistoryCount });
export type TSyncOldBody = z.infer<typeof ZSyncOldBody>;

/** The channel was asked; the messages arrive as it answers, into the conversation, in their order. */
export const ZSyncOldResult = z.object({
  requested: z.literal(true),
  ticketId: z.number().int(),
  syncTime: z.string(),
});

/** POST /messages/syncOldByUser: the same for every open conversation of the caller. */
export const ZSyncOldByUserBody = z.object({ count: ZHistoryCount });
export const ZSyncOldByUserResult = z.object({
  /** Conversations whose channel was asked. */
  requested: z.array(z.number().int()),
  /** Conversations skipped, with the error code saying why (channel without history, nothing to page from). */
  skipped: z.array(z.object({ ticketId: z.number().int(), reason: z.string() })),
  syncTime: z.string(),
});

/** POST /messagesUpdateSyncTime: marks now as the tenant's last history sync. */
export const ZUpdateSyncTimeBody = z.object({ tenantId: ZRowId });
export const ZSyncTime = z.object({ tenantId: z.number().int(), syncTime: z.string() });
